import { useState } from 'react';
import { roleEditorTexts as texts } from '@si/contracts';
import { ApiError } from '../../../lib/api-client';
import { fieldErrorsOf, type FieldErrors } from '../components/form-controls';

interface CheckingSchema<T> {
  safeParse(
    input: T,
  ):
    | { success: true }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * A form's save: the contracts' schema checks the input here first, with the server's words;
 * then the server checks it again, and its field errors land where the schema's would.
 */
export function useCheckedSave<T>(
  schema: CheckingSchema<T>,
  onSave: (input: T) => Promise<unknown>,
) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  async function save(input: T) {
    const checked = schema.safeParse(input);
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSave(input);
    } catch (error) {
      setErrors(
        error instanceof ApiError && error.fields
          ? error.fields
          : { _: error instanceof Error ? error.message : String(error) },
      );
    } finally {
      setSaving(false);
    }
  }

  const formError = errors._ ?? (Object.keys(errors).length > 0 ? texts.fixErrors : undefined);
  return { errors, saving, save, formError };
}
