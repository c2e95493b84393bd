import { useState } from 'react';
import { imageSrcSet, type Organization } from '@si/contracts';
import { InitialAvatar } from '../../../components/ui/initial-avatar';

/** Banner (or a gradient), the logo overlapping it, and the organization's name. */
export function ProfileHeader({
  organization,
}: {
  organization: Pick<Organization, 'name' | 'logo' | 'bannerImage'>;
}) {
  const { name, logo, bannerImage } = organization;
  const [bannerFailed, setBannerFailed] = useState(false);
  const [logoFailed, setLogoFailed] = useState(false);

  return (
    <div>
      <div className="relative aspect-[1280/360] min-h-32 w-full overflow-hidden rounded-card bg-linear-135 from-brand via-scale-ink to-impact-ink">
        {bannerImage && !bannerFailed ? (
          <img
            src={bannerImage}
            srcSet={imageSrcSet(bannerImage, 'banner')}
            sizes="(min-width: 1200px) 1136px, calc(100vw - 2rem)"
            alt=""
            width={1280}
            height={360}
            loading="eager"
            fetchPriority="high"
            decoding="async"
            onError={() => setBannerFailed(true)}
            className="size-full object-cover"
          />
        ) : (
          <div
            aria-hidden="true"
            data-testid="banner-gradient"
            className="absolute inset-0 opacity-40 [background-image:radial-gradient(circle_at_20%_20%,var(--color-highlight)_0,transparent_45%),radial-gradient(circle_at_85%_70%,var(--color-brand-soft)_0,transparent_40%)]"
          />
        )}
      </div>
      <div className="-mt-10 flex flex-col gap-4 px-4 sm:-mt-14 sm:flex-row sm:items-end sm:gap-6 sm:px-8">
        {logo && !logoFailed ? (
          <img
            src={logo}
            srcSet={imageSrcSet(logo, 'logo')}
            sizes="(min-width: 640px) 112px, 80px"
            alt={name}
            width={128}
            height={128}
            loading="eager"
            decoding="async"
            onError={() => setLogoFailed(true)}
            className="relative size-20 rounded-card border-4 border-canvas bg-surface object-cover shadow-card sm:size-28"
          />
        ) : (
          <InitialAvatar
            name={name}
            className="relative size-20 rounded-card border-4 border-canvas text-4xl shadow-card sm:size-28 sm:text-5xl"
          />
        )}
        <h1 className="pb-1 text-headline font-semibold tracking-tight text-balance break-words sm:text-display">
          {name}
        </h1>
      </div>
    </div>
  );
}
