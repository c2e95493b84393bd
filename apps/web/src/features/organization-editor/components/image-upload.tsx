import { useId } from 'react';
import { ImageIcon, ImagePlus } from 'lucide-react';
import {
  imageSrcSet,
  imageTypes,
  organizationEditorTexts,
  organizationImageKinds,
  type OrganizationImageKind,
} from '@si/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cx } from '../../../lib/class-names';
import { useImageUpload } from '../hooks/use-image-upload';

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

/** The stored image, or the chosen file's preview ringed, or an empty frame of the image's shape. */
function ImagePreview({
  kind,
  shown,
  previewing,
}: {
  kind: OrganizationImageKind;
  shown: string | null;
  /** `shown` is the chosen file, not yet uploaded. */
  previewing: boolean;
}) {
  const typeLabel = organizationImageKinds[kind].label;
  const { aspect, widths } = organizationImageKinds[kind];
  const largest = widths.at(-1) ?? 512;
  return (
    <div
      className={cx(
        'relative overflow-hidden rounded-control border border-line bg-sunken',
        previewShapes[kind],
        previewing && 'ring-2 ring-brand ring-offset-2',
      )}
    >
      {shown ? (
        <img
          src={shown}
          srcSet={previewing ? undefined : imageSrcSet(shown, kind)}
          sizes={kind === 'logo' ? '112px' : '(min-width: 768px) 640px, 100vw'}
          alt={
            previewing
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
  );
}

/**
 * Upload and Cancel for a chosen file, Remove for a stored image. The buttons of several images
 * sit on one page: their names say which image they act on (and begin with the words they show).
 */
function ImageActions({
  label,
  state: { file, busy, upload, clearChoice, remove },
}: {
  label: string;
  state: ReturnType<typeof useImageUpload>;
}) {
  const named = (text: string) => ({ 'aria-label': `${text}: ${label}` });
  const uploadText =
    busy === 'uploading' ? organizationEditorTexts.uploading : organizationEditorTexts.upload;
  const removeText =
    busy === 'removing' ? organizationEditorTexts.removing : organizationEditorTexts.removeImage;
  return (
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
  );
}

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
  const state = useImageUpload({
    typeLabel: organizationImageKinds[kind].label,
    onUpload,
    onRemove,
  });
  const { inputRef, file, preview, error, busy, choose } = state;
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
      <ImagePreview kind={kind} shown={preview ?? currentUrl} previewing={preview !== null} />
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
          {file || currentUrl ? <ImageActions label={label} state={state} /> : null}
        </>
      )}
    </div>
  );
}
