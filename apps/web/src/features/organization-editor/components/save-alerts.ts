import type { FieldErrors } from 'react-hook-form';
import {
  errorCodes,
  organizationEditorTexts,
  organizationFormMessages,
  paymentErrorCodes,
  paymentMessages,
} from '@si/contracts';
import { ApiError } from '../../../lib/api-client';
import type { EditFormInput } from './form-rules';

/** What the editor says above its buttons after a Save. */
export type SaveAlert =
  { kind: 'invalid' } | { kind: 'stale' } | { kind: 'failed'; message: string } | { kind: 'saved' };

/**
 * What a refused save means for the editor: an alert, or the server's messages for some fields
 * (shown at the fields, and 'invalid' above the buttons).
 */
export function saveFailure(
  error: unknown,
): SaveAlert | { kind: 'fields'; fields: Record<string, string> } {
  if (!(error instanceof ApiError)) {
    return { kind: 'failed', message: organizationEditorTexts.updateFailed };
  }
  if (error.status === 409 || error.code === errorCodes.staleVersion) return { kind: 'stale' };
  if (error.status === 403) return { kind: 'failed', message: organizationFormMessages.notOwner };
  if (error.code === paymentErrorCodes.paymentRequired) {
    // The subscription ended while the editor was open: the server's words say so.
    return { kind: 'failed', message: paymentMessages.paymentRequired };
  }
  if (error.status === 400 && error.fields && Object.keys(error.fields).length) {
    return { kind: 'fields', fields: error.fields };
  }
  return { kind: 'failed', message: organizationEditorTexts.updateFailed };
}

/**
 * The required fields, each with the message it has when left empty: their absence is answered
 * with 'Please fill out all required fields' (docs/product.md#creating-and-editing-an-organization).
 * Other problems with them (a name too long,
 * a missing category group) are answered with their own message.
 */
const requiredFields = [
  ['name', organizationFormMessages.nameRequired],
  ['description', organizationFormMessages.descriptionRequired],
  ['country', organizationFormMessages.countryRequired],
  ['categoryIds', organizationFormMessages.categoryRequired],
] as const;

/** The message of the first error among a field's (or a group of fields') errors. */
function firstMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  // A field's own error: its message (set by the form or by the server, with or without a type).
  if ('message' in error && typeof error.message === 'string') return error.message || undefined;
  for (const [key, nested] of Object.entries(error)) {
    // A field's element is never looked into.
    if (key === 'ref') continue;
    const message = firstMessage(nested);
    if (message) return message;
  }
  return undefined;
}

/**
 * What stops the form from being saved, shown above the buttons so that Save never fails
 * silently: 'Please fill out all required fields' for a missing required field, the category
 * rule's own message (too many, a group missing), or else the first field's message. Null once
 * nothing does.
 */
export function blockingMessage(errors: FieldErrors<EditFormInput>): string | null {
  if (requiredFields.some(([name, message]) => errors[name]?.message === message)) {
    return organizationFormMessages.requiredFields;
  }
  return firstMessage(errors.categoryIds) ?? firstMessage(errors) ?? null;
}
