import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { imageMessages } from '@si/contracts';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { imageFileProblem } from '../components/form-rules';

/** Server refusals whose message says what to change (wrong type, too large, unreadable). */
const explainedStatuses = new Set([400, 413, 415, 422]);

/**
 * One image field's file and what is done with it: the file chosen (checked here first for type
 * and size; the server checks again) and its preview, Upload, Cancel and Remove, each said in a
 * toast named by `typeLabel` ('Logo').
 */
export function useImageUpload({
  typeLabel,
  onUpload,
  onRemove,
}: {
  typeLabel: string;
  onUpload: (file: File) => Promise<string>;
  onRemove: () => Promise<unknown>;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'uploading' | 'removing' | null>(null);

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const clearChoice = () => {
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (!chosen) {
      setFile(null);
      return;
    }
    const problem = imageFileProblem(chosen);
    setError(problem);
    if (problem) {
      clearChoice();
      return;
    }
    setFile(chosen);
  };

  const upload = async () => {
    const problem = imageFileProblem(file);
    setError(problem);
    if (problem || !file) return;
    setBusy('uploading');
    try {
      await onUpload(file);
      clearChoice();
      showToast('success', imageMessages.uploaded(typeLabel));
    } catch (cause) {
      if (cause instanceof ApiError && explainedStatuses.has(cause.status) && cause.message) {
        setError(cause.message);
      }
      showToast('error', imageMessages.uploadFailed(typeLabel));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setError(null);
    setBusy('removing');
    try {
      await onRemove();
      showToast('success', imageMessages.deleted(typeLabel));
    } catch {
      showToast('error', imageMessages.deleteFailed(typeLabel));
    } finally {
      setBusy(null);
    }
  };

  return { inputRef, file, preview, error, busy, choose, clearChoice, upload, remove };
}
