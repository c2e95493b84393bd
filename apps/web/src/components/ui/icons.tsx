import type { ReactNode } from 'react';

/**
 * The icons of the first-load path (header, home, shared states), drawn from Lucide's artwork
 * (ISC licence) without the lucide-react runtime, to keep the home route inside its 120 KB
 * JavaScript budget. Pages loaded later import lucide-react directly.
 */
interface IconProps {
  className?: string;
}

function icon(children: ReactNode) {
  return function Icon({ className }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className={className}
      >
        {children}
      </svg>
    );
  };
}

export const MenuIcon = icon(<path d="M4 5h16M4 12h16M4 19h16" />);
export const SearchIcon = icon(
  <>
    <path d="m21 21-4.34-4.34" />
    <circle cx="11" cy="11" r="8" />
  </>,
);
export const CloseIcon = icon(<path d="M18 6 6 18M6 6l12 12" />);
export const ChevronDownIcon = icon(<path d="m6 9 6 6 6-6" />);
export const CheckIcon = icon(<path d="M20 6 9 17l-5-5" />);
export const MapPinIcon = icon(
  <>
    <path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0" />
    <circle cx="12" cy="10" r="3" />
  </>,
);
export const ArrowRightIcon = icon(<path d="M5 12h14m-7-7 7 7-7 7" />);
export const PlusIcon = icon(<path d="M5 12h14M12 5v14" />);
export const RefreshIcon = icon(
  <path d="M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8m0-5v5h-5m5 4a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16m5 0H3v5" />,
);
export const SearchOffIcon = icon(
  <>
    <path d="m13.5 8.5-5 5m0-5 5 5m7.5 7.5-4.3-4.3" />
    <circle cx="11" cy="11" r="8" />
  </>,
);
export const CircleCheckIcon = icon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="m16 9-5.5 5.5L8 12" />
  </>,
);
export const LoaderIcon = icon(<path d="M21 12a9 9 0 1 1-6.219-8.56" />);
export const AlertIcon = icon(
  <path d="m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3M12 9v4m0 4h.01" />,
);
export const ArrowLeftIcon = icon(<path d="m12 19-7-7 7-7m7 7H5" />);
export const ArrowUpIcon = icon(<path d="m5 12 7-7 7 7m-7 7V5" />);
export const BellPlusIcon = icon(
  <path d="M10.268 21a2 2 0 0 0 3.464 0M15 8h6m-3-3v6m2.002 3.464a9 9 0 0 0 .738.863A1 1 0 0 1 20 17H4a1 1 0 0 1-.74-1.673C4.59 13.956 6 12.499 6 8a6 6 0 0 1 8.75-5.332" />,
);
export const FlagIcon = icon(
  <path d="M4 22V4a1 1 0 0 1 .4-.8A6 6 0 0 1 8 2c3 0 5 2 7.333 2q2 0 3.067-.8A1 1 0 0 1 20 4v10a1 1 0 0 1-.4.8A6 6 0 0 1 16 16c-3 0-5-2-8-2a6 6 0 0 0-4 1.528" />,
);
export const AtSignIcon = icon(
  <>
    <circle cx="12" cy="12" r="4" />
    <path d="M16 8v5a3 3 0 0 0 6 0v-1a10 10 0 1 0-4 8" />
  </>,
);
export const BriefcaseIcon = icon(
  <>
    <path d="M16 20V4a2 2 0 0 0-2-2h-4a2 2 0 0 0-2 2v16" />
    <rect width="20" height="14" x="2" y="6" rx="2" />
  </>,
);
export const ExternalLinkIcon = icon(
  <path d="M15 3h6v6M10 14 21 3m-3 10v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />,
);
export const GlobeIcon = icon(
  <>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 2a14.5 14.5 0 0 0 0 20 14.5 14.5 0 0 0 0-20M2 12h20" />
  </>,
);
export const NewspaperIcon = icon(
  <>
    <path d="M15 18h-5m8-4h-8M4 22h16a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2H8a2 2 0 0 0-2 2v16a2 2 0 0 1-4 0v-9a2 2 0 0 1 2-2h2" />
    <rect width="8" height="4" x="10" y="6" rx="1" />
  </>,
);
export const HeartIcon = icon(
  <path d="M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5" />,
);
export const HandHeartIcon = icon(
  <>
    <path d="M11 14h2a2 2 0 0 0 0-4h-3c-.6 0-1.1.2-1.4.6L3 16" />
    <path d="m14.45 13.39 5.05-4.694C20.196 8 21 6.85 21 5.75a2.75 2.75 0 0 0-4.797-1.837.276.276 0 0 1-.406 0A2.75 2.75 0 0 0 11 5.75c0 1.2.802 2.248 1.5 2.946L16 11.95" />
    <path d="m2 15 6 6" />
    <path d="m7 20 1.6-1.4c.3-.4.8-.6 1.4-.6h4c1.1 0 2.1-.4 2.8-1.2l4.6-4.4a1 1 0 0 0-2.75-2.91" />
  </>,
);
