import { useState } from 'react';
import { InitialAvatar } from '../../../components/ui/initial-avatar';

export interface OrganizationLogoProps {
  name: string;
  logo: string | null;
  /** Load eagerly (first row of the grid). */
  eager?: boolean;
}

/** The organization's logo, or a coloured initial avatar when it has none or it fails to load. */
export function OrganizationLogo({ name, logo, eager = false }: OrganizationLogoProps) {
  const [failed, setFailed] = useState(false);
  if (!logo || failed)
    return <InitialAvatar name={name} className="size-14 rounded-control text-2xl" />;
  return (
    <img
      src={logo}
      alt={name}
      width={56}
      height={56}
      // No raised priority: the first screen's largest paint is text, and these small images
      // must not take bandwidth from the page's CSS and font before it.
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
      className="size-14 shrink-0 rounded-control border border-line bg-surface object-cover"
    />
  );
}
