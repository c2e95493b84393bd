import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { ImageIcon, ImagePlus } from 'lucide-react';
import {
  imageMessages,
  imageSrcSet,
  imageTypes,
  organizationEditorTexts,
  organizationImageKinds,
  type OrganizationImageKind,
} from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { cx } from '../../../lib/class-names';
import { showToast } from '../../../lib/toast';
import { imageFileProblem } from './form-rules';

export interface ImageUploadProps {
  kind: OrganizationImageKind;
  /** The field's label ('Logo', 'Banner', 'Image for Education'). */
  label: string;
  hint: string;
  /** The stored image, or null. */
  currentUrl: string | null;
  /** Uploads the file; resolves with the stored image's URL. */
  onUpload: (file: File) => Promise<string>;
  onRemove: () => Promise<unknown>;
  /** Shown instead of the controls when the image cannot be changed yet. */
  unavailableNote?: string | undefined;
}

const previewShapes: Record<OrganizationImageKind, string> = {
  logo: 'aspect-square w-24 sm:w-28',
  banner: 'aspect-[1280/360] w-full',
  category: 'aspect-video w-full max-w-sm',
};

/** Server refusals whose message says what to change (wrong type, too large, unreadable). */
const explainedStatuses = new Set([400, 413, 415, 422]);

/**
 * An image of the organization: choose a file, see it previewed, then Upload or Cancel; Remove
 * for a stored image. The file is checked here first (type and size); the server checks again.
 */
export function ImageUpload({
  kind,
  label,
  hint,
  currentUrl,
  onUpload,
  onRemove,
  unavailableNote,
}: ImageUploadProps) {
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'uploading' | 'removing' | null>(null);
  const typeLabel = organizationImageKinds[kind].label;
  const { aspect, widths } = organizationImageKinds[kind];
  const largest = widths.at(-1) ?? 512;

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

  const shown = preview ?? currentUrl;
  // The buttons of several images sit on one page: their names say which image they act on
  // (and begin with the words they show).
  const named = (text: string) => ({ 'aria-label': `${text}: ${label}` });
  const uploadText =
    busy === 'uploading' ? organizationEditorTexts.uploading : organizationEditorTexts.upload;
  const removeText =
    busy === 'removing' ? organizationEditorTexts.removing : organizationEditorTexts.removeImage;
  return (
    <div className="flex flex-col gap-3" data-testid={`image-${kind}`}>
      <div className="flex flex-col gap-1">
        <label htmlFor={inputId} className="font-semibold text-ink">
          {label}
        </label>
        <p id={`${inputId}-hint`} className="text-sm text-ink-subtle">
          {hint}
        </p>
      </div>
      <div
        className={cx(
          'relative overflow-hidden rounded-control border border-line bg-sunken',
          previewShapes[kind],
          preview && 'ring-2 ring-brand ring-offset-2',
        )}
      >
        {shown ? (
          <img
            src={shown}
            srcSet={preview ? undefined : imageSrcSet(shown, kind)}
            sizes={kind === 'logo' ? '112px' : '(min-width: 768px) 640px, 100vw'}
            alt={
              preview
                ? organizationEditorTexts.previewAlt(typeLabel)
                : organizationEditorTexts.currentImageAlt(typeLabel)
            }
            width={largest}
            height={Math.round(largest / aspect)}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <span aria-hidden="true" className="flex size-full items-center justify-center">
            <ImageIcon className="size-8 text-ink-subtle" />
          </span>
        )}
      </div>
      {unavailableNote ? (
        <p className="text-sm text-ink-muted">{unavailableNote}</p>
      ) : (
        <>
          {/*
           * The browser's own picker says 'Choose File' and 'No file chosen' at a width of its
           * own, which a narrow column cuts ('No f…osen'). The input stays the control (named by
           * the field's label alone, focusable, visually hidden); a button out of the tab order
           * and hidden from assistive technology draws it and opens its picker, with the chosen
           * file's name beside it. Not a second label: an input with two is announced by one of
           * them only, by some screen readers (axe: form-field-multiple-labels).
           */}
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={imageTypes.join(',')}
              onChange={choose}
              disabled={busy !== null}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${messageId} ${inputId}-hint` : `${inputId}-hint`}
              className="peer sr-only"
            />
            <button
              type="button"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="choose-image"
              disabled={busy !== null}
              onClick={() => inputRef.current?.click()}
              className={buttonClasses(
                'secondary',
                'sm',
                'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand',
              )}
            >
              <ImagePlus aria-hidden="true" className="size-4" />
              {organizationEditorTexts.chooseImage}
            </button>
            {file ? (
              <span className="min-w-0 truncate text-sm text-ink-muted" title={file.name}>
                {file.name}
              </span>
            ) : null}
          </div>
          {error ? (
            <p id={messageId} role="alert" className="text-sm font-semibold text-danger-ink">
              {error}
            </p>
          ) : null}
          {file || currentUrl ? (
            <div className="flex flex-wrap gap-2">
              {file ? (
                <>
                  <Button
                    size="sm"
                    onClick={() => void upload()}
                    disabled={busy !== null}
                    aria-busy={busy === 'uploading'}
                    {...named(uploadText)}
                  >
                    {busy === 'uploading' ? <Spinner /> : null}
                    {uploadText}
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={clearChoice}
                    disabled={busy !== null}
                    {...named(organizationEditorTexts.cancel)}
                  >
                    {organizationEditorTexts.cancel}
                  </Button>
                </>
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => void remove()}
                  disabled={busy !== null}
                  aria-busy={busy === 'removing'}
                  {...named(removeText)}
                >
                  {busy === 'removing' ? <Spinner /> : null}
                  {removeText}
                </Button>
              )}
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
