/**
 * How an organization's images are shown: the widths each kind is stored in (srcset), and the
 * stand-in for a missing logo. Apart from the editor's texts (organization-texts.ts) because the
 * directory's cards and the profile use these on their first load, and a module goes whole into
 * the chunk of its first user (ADR 039).
 */

/** Image kinds of an organization, their shape and the widths each is stored in (srcset). */
export const organizationImageKinds = {
  logo: { label: 'logo', aspect: 1, widths: [128, 256, 512] },
  banner: { label: 'banner', aspect: 1280 / 360, widths: [640, 1280] },
  category: { label: 'category image', aspect: 16 / 9, widths: [480, 960] },
} as const;
export type OrganizationImageKind = keyof typeof organizationImageKinds;

/**
 * Stored images are named `…-<width>w.webp`, the largest width; the others sit beside it.
 * Returns the srcset of every width, or undefined for an image stored otherwise (demo data).
 */
export function imageSrcSet(url: string, kind: OrganizationImageKind): string | undefined {
  const match = /^(.*)-(\d+)w\.webp$/.exec(url);
  if (!match) return undefined;
  return organizationImageKinds[kind].widths
    .map((width) => `${match[1]}-${width}w.webp ${width}w`)
    .join(', ');
}

/**
 * The stand-in for a missing logo (the web app's InitialAvatar, the server's share card): the
 * first letter or digit of the name, upper-cased ("?" when there is none), on the colours of a
 * category group picked by a hash of the name, so an organization always gets the same one.
 */
export function initialOf(name: string): string {
  const match = /[\p{L}\p{N}]/u.exec(name.trim());
  return match ? match[0].toLocaleUpperCase('en') : '?';
}
const avatarTones = [
  'impact_areas',
  'work_methods',
  'differentiators',
  'culture',
  'approach',
  'how_we_scale_change',
  'company_properties',
] as const;
export function avatarToneOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return avatarTones[hash % avatarTones.length] ?? 'impact_areas';
}
