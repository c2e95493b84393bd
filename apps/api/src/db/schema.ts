/**
 * Every table, for the app and drizzle-kit (drizzle.config.ts): each is defined in the schema
 * file of the area that owns it, and this file only gathers them.
 */
export * from './reference-schema.ts';
export * from './organizations-schema.ts';
export * from './directory-schema.ts';
export * from './identity-schema.ts';
export * from './payments-schema.ts';
export * from './operations-schema.ts';
export * from './insights-schema.ts';
export * from './verification-schema.ts';
export * from './newsletter-schema.ts';
export * from './saved-searches-schema.ts';
export * from './roles-schema.ts';
export * from './members-schema.ts';
export * from './invitations-schema.ts';
export * from './activity-schema.ts';
export * from './api-keys-schema.ts';
export * from './webhooks-schema.ts';
