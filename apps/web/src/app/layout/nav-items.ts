/** Header navigation (docs/product.md#shared-layout). */
export const primaryNav = [
  { to: '/', label: 'Home', end: true },
  { to: '/roles', label: 'Open roles', end: false },
  { to: '/about', label: 'About', end: false },
  { to: '/contact', label: 'Contact', end: false },
] as const;

/** Footer quick links (docs/product.md#shared-layout). */
export const footerNav = [
  { to: '/', label: 'Home' },
  { to: '/roles', label: 'Open roles' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/faq', label: 'FAQ' },
  { to: '/privacy', label: 'Privacy Policy' },
] as const;

export const accountLinks = {
  login: { to: '/login', label: 'Login' },
  signup: { to: '/signup', label: 'Sign Up' },
} as const;
