import { z } from 'zod';

/**
 * Rules every user-written text and URL follows, in the browser and on the server. PostgreSQL
 * cannot store a NUL character or half of a surrogate pair, so such text is refused as input
 * rather than failing in the database.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (text: string): boolean =>
  !text.includes('\u0000') && !LONE_SURROGATE.test(text);
export const unstorableTextMessage = 'Text may not contain NUL characters or broken Unicode.';

/** Text fields a person types: at most `max` characters, storable. */
export const UserText = (max: number, label = 'This field') =>
  z
    .string()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isStorableText, unstorableTextMessage);

/**
 * Whether `text` holds no C0 or C1 control character (U+0000-U+001F, U+007F-U+009F). The URL
 * parser drops a tab or a newline inside a URL without a word, so such a link would parse, be
 * stored as typed, and then break the Location header of every redirect to it.
 */
export function hasNoControlCharacters(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return false;
  }
  return true;
}
export const urlControlCharacterMessage =
  'URLs may not contain line breaks, tabs or other control characters.';

export const URL_MAX_LENGTH = 2048;
export const urlMessage = (example = 'https://example.com') =>
  `Please enter a valid URL (e.g., ${example})`;

/**
 * Whether `value` is an absolute http or https URL: nothing else (javascript:, data:, ...). The
 * same answer in every browser and on the server: the standard's parser (Node's, Firefox's)
 * refuses a host with a space or another character a host cannot hold, where Chromium's
 * escapes it ('https://exa mple.org' -> host 'exa%20mple.org') and accepts; a host left with a
 * '%' is refused here for them all.
 */
export function isHttpUrl(value: string): boolean {
  if (!isStorableText(value) || !hasNoControlCharacters(value)) return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      !url.hostname.includes('%')
    );
  } catch {
    return false;
  }
}

/** An absolute http or https URL: nothing else (javascript:, data:, ...) is ever stored. */
export const HttpUrl = (example?: string) =>
  z
    .string()
    .trim()
    .max(URL_MAX_LENGTH, `URLs must be at most ${URL_MAX_LENGTH} characters`)
    .refine(hasNoControlCharacters, urlControlCharacterMessage)
    .refine(isHttpUrl, urlMessage(example));
