import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  IMAGE_MAX_BYTES,
  imageMessages,
  imageSrcSet,
  organizationEditorTexts,
} from '@si/contracts';
import { ImageUpload } from '../src/features/organization-editor/components/image-upload';
import { imageFileProblem } from '../src/features/organization-editor/components/form-rules';
import { ApiError } from '../src/lib/api-client';

function png(name = 'logo.png', size = 2048, type = 'image/png') {
  return new File([new Uint8Array(size)], name, { type });
}

function renderUpload(props: Partial<Parameters<typeof ImageUpload>[0]> = {}) {
  const onUpload = vi.fn((_file: File) => Promise.resolve('/uploads/o/logo-512w.webp'));
  const onRemove = vi.fn(() => Promise.resolve({ deleted: true }));
  render(
    <ImageUpload
      kind="logo"
      label={organizationEditorTexts.logoLabel}
      hint={organizationEditorTexts.logoHint}
      currentUrl={null}
      onUpload={onUpload}
      onRemove={onRemove}
      {...props}
    />,
  );
  return { onUpload, onRemove, input: screen.getByLabelText(organizationEditorTexts.logoLabel) };
}

describe('the image checks before an upload', () => {
  it('ask for a file, refuse other types and files of 5MB or more', () => {
    expect(imageFileProblem(null)).toBe(imageMessages.noFile);
    expect(imageFileProblem(png('a.gif', 10, 'image/gif'))).toBe(imageMessages.wrongType);
    expect(imageFileProblem(png('a.svg', 10, 'image/svg+xml'))).toBe(imageMessages.wrongType);
    expect(imageFileProblem(png('big.png', IMAGE_MAX_BYTES))).toBe(imageMessages.tooLarge);
    expect(imageFileProblem(png('ok.png', IMAGE_MAX_BYTES - 1))).toBeNull();
    expect(imageFileProblem(png('ok.webp', 10, 'image/webp'))).toBeNull();
    expect(imageFileProblem(png('ok.jpg', 10, 'image/jpeg'))).toBeNull();
  });
});

describe('ImageUpload', () => {
  it('names its file input with one label, and its drawn button opens the picker', async () => {
    const { input } = renderUpload();
    const labels = (input as HTMLInputElement).labels;
    expect(labels).toHaveLength(1);
    expect(labels?.[0]?.textContent).toBe(organizationEditorTexts.logoLabel);
    const opened = vi.fn((event: Event) => event.preventDefault());
    input.addEventListener('click', opened);
    const button = screen.getByTestId('choose-image');
    expect(button.getAttribute('aria-hidden')).toBe('true');
    expect(button.tabIndex).toBe(-1);
    await userEvent.setup().click(button);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('refuses a file of the wrong type at the field, without offering to upload it', async () => {
    const { input, onUpload } = renderUpload();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, png('notes.pdf', 100, 'application/pdf'));
    expect(await screen.findByText(imageMessages.wrongType)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('button', { name: /^Upload/ })).toBeNull();
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('refuses a file of 5MB or more', async () => {
    const { input } = renderUpload();
    await userEvent.setup().upload(input, png('huge.png', IMAGE_MAX_BYTES + 1));
    expect(await screen.findByText(imageMessages.tooLarge)).toBeTruthy();
  });

  // ADR 019: the browser's picker text was cut in the logo's narrow column.
  it("offers 'Choose image' for the field, and names the chosen file or nothing", async () => {
    const { input } = renderUpload();
    const choose = screen.getByText(organizationEditorTexts.chooseImage);
    expect(choose.closest('button')?.getAttribute('data-testid')).toBe('choose-image');
    expect(screen.queryByText('my-logo.png')).toBeNull();
    const user = userEvent.setup();
    await user.upload(input, png('my-logo.png'));
    expect(screen.getByText('my-logo.png')).toBeTruthy();
    await user.click(
      screen.getByRole('button', { name: `${organizationEditorTexts.cancel}: Logo` }),
    );
    expect(screen.queryByText('my-logo.png')).toBeNull();
  });

  it('previews the chosen file, then uploads it, or cancels', async () => {
    const { input, onUpload } = renderUpload();
    const user = userEvent.setup();
    await user.upload(input, png());
    expect(screen.getByAltText(organizationEditorTexts.previewAlt('logo'))).toBeTruthy();
    await user.click(
      screen.getByRole('button', { name: `${organizationEditorTexts.cancel}: Logo` }),
    );
    expect(screen.queryByAltText(organizationEditorTexts.previewAlt('logo'))).toBeNull();
    expect(onUpload).not.toHaveBeenCalled();

    await user.upload(input, png());
    await user.click(
      screen.getByRole('button', { name: `${organizationEditorTexts.upload}: Logo` }),
    );
    await waitFor(() => expect(onUpload).toHaveBeenCalledTimes(1));
    expect(onUpload.mock.calls[0]?.[0].name).toBe('logo.png');
    expect(await screen.findByText(imageMessages.uploaded('logo'))).toBeTruthy();
  });

  it("shows the server's reason and 'Failed to upload logo' when the upload is refused", async () => {
    const { input } = renderUpload({
      onUpload: () =>
        Promise.reject(new ApiError(413, 'PAYLOAD_TOO_LARGE', imageMessages.tooLarge)),
    });
    const user = userEvent.setup();
    await user.upload(input, png());
    await user.click(
      screen.getByRole('button', { name: `${organizationEditorTexts.upload}: Logo` }),
    );
    expect(await screen.findByText(imageMessages.uploadFailed('logo'))).toBeTruthy();
    expect(screen.getByText(imageMessages.tooLarge)).toBeTruthy();
  });

  it('removes a stored image, showing it with its srcset meanwhile', async () => {
    const { onRemove } = renderUpload({ currentUrl: '/uploads/o/logo-512w.webp' });
    const image = screen.getByAltText(organizationEditorTexts.currentImageAlt('logo'));
    expect(image.getAttribute('srcset')).toBe(imageSrcSet('/uploads/o/logo-512w.webp', 'logo'));
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: `${organizationEditorTexts.removeImage}: Logo` }));
    expect(onRemove).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(imageMessages.deleted('logo'))).toBeTruthy();
  });
});
