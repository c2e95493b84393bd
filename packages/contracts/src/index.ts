export * from './api.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './newsletter.ts';
export * from './organizations.ts';
export * from './reference.ts';
export * from './site.ts';
