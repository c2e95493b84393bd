/**
 * Screen labels of the account screens (sign-in, sign-up, password reset, email verification,
 * header account area and the dashboard). the product's own wording is used where it gives one;
 * error and notice messages live in auth-messages.ts.
 */

/** Page titles; they match the titles the server puts in the HTML (spa-routes.ts). */
export const authPageTitles = {
  login: 'Log In',
  signup: 'Sign Up',
  forgotPassword: 'Reset your password',
  resetPassword: 'Set a new password',
  verifyEmail: 'Verify Email',
  verifyEmailRequired: 'Email Verification Required',
  dashboard: 'Dashboard',
  dashboardOrganizations: 'My Organizations',
  dashboardSettings: 'Account Settings',
  submitOrganization: 'Submit Organization',
  editOrganization: 'Edit Organization',
} as const;

export const authFormTexts = {
  tabLogin: 'Log In',
  tabSignup: 'Sign Up',
  loginHeading: 'Welcome back',
  loginSubtitle: 'Choose your sign in method',
  loginGuestSubtitle: 'Login to create or edit your organization',
  signupHeading: 'Sign up',
  signupSubtitle: 'Choose your preferred sign-up method',
  signupGuestSubtitle: 'Create an account to create or edit your organization',
  continueWith: (providerName: string) => `Continue with ${providerName}`,
  redirecting: 'Redirecting...',
  emailDivider: 'or use your email',
  email: 'Email',
  emailPlaceholder: 'you@example.org',
  password: 'Password',
  passwordHint: 'At least 6 characters',
  passwordRequired: 'Please enter your password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  forgotPassword: 'Forgot password?',
  loginSubmit: 'Log In',
  loginBusy: 'Signing in...',
  signupSubmit: 'Create Account',
  signupBusy: 'Creating account...',
  completing: 'Signing you in...',
  signInWithPassword: 'Sign in with password',
  resetPassword: 'Reset password',
  noAccount: "Don't have an account?",
  haveAccount: 'Already have an account?',
  terms: 'By continuing you agree to our',
  privacyPolicy: 'Privacy Policy',
} as const;

export const forgotPasswordTexts = {
  heading: 'Reset your password',
  intro: "Enter the email address of your account and we'll send you a link to set a new password.",
  submit: 'Reset Password',
  busy: 'Sending...',
  backHome: 'Back to Home',
  remembered: 'Remembered your password?',
  login: 'Log in',
} as const;

export const resetPasswordTexts = {
  heading: 'Set a new password',
  intro: 'Choose a new password for your account.',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  submit: 'Set New Password',
  busy: 'Saving...',
  requestNewLink: 'Request a new link',
} as const;

export const verificationTexts = {
  requiredHeading: 'Verify your email',
  sentTo: 'We sent a verification link to',
  instructions: 'Open the link in that email to verify your account, then come back here.',
  resend: 'Resend Verification Email',
  sending: 'Sending...',
  sent: 'Verification Email Sent',
  continueHome: 'Continue to Home',
  /** The verified page's first way on: an account is verified to add an organization. */
  addOrganization: 'Add your organization',
  continue: 'Continue',
  support: 'Need help? Contact support at',
  verifying: 'Verifying your email...',
  successHeading: 'Email Verified',
  failureHeading: 'Verification Failed',
  requestNew: 'Request New Verification Email',
  goHome: 'Go to Home',
} as const;

export const accountMenuTexts = {
  guest: 'Browsing as Guest',
  login: 'Login',
  signup: 'Sign Up',
  dashboard: 'Dashboard',
  addOrganization: 'Add organization',
  signOut: 'Sign out',
  profile: 'Profile',
  submitOrganization: 'Submit Organization',
  logout: 'Logout',
  signedInAs: 'Signed in as',
  openAccountMenu: 'Account menu',
} as const;

export const dashboardTexts = {
  heading: 'Dashboard',
  sidebarLabel: 'Account',
  navProfile: 'Profile',
  navOrganizations: 'Organizations',
  navSettings: 'Settings',
  createOrganization: 'Create Organization',
  profileInformation: 'Profile Information',
  accountSettings: 'Account Settings',
  myOrganizations: 'My Organizations',
  mySubscriptions: 'My Subscriptions',
  email: 'Email',
  emailVerification: 'Email verification',
  verified: 'Verified',
  notVerified: 'Not verified',
  signInMethod: 'Sign-in method',
  memberSince: 'Member since',
  displayName: 'Display name',
  displayNameNotSet: 'Not set',
  displayNameTooLong: 'Display name must be at most 80 characters',
  edit: 'Edit',
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
  retry: 'Try again',
  organizationsFailed: 'Failed to load your organizations. Please try again later.',
  subscriptionsFailed: 'Failed to load your subscriptions. Please try again later.',
  view: 'View',
  editOrganization: 'Edit',
  subscriptionPlan: 'Plan',
  subscriptionStatus: 'Status',
  changePassword: 'Change Password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  currentPasswordRequired: 'Please enter your current password',
  updatePassword: 'Update Password',
  updatingPassword: 'Updating...',
  deleteAccount: 'Delete Account',
  deleteAccountIntro:
    'Deleting your account removes the organizations you are the only owner of, their images and their subscriptions. This cannot be undone.',
  deleteDialogTitle: 'Delete your account?',
  deleteDialogBody:
    'Your profile and the organizations you are the only owner of, with their images, are deleted and their subscriptions canceled. Organizations with another owner stay, without you. This cannot be undone.',
  deletedWithAccount: (names: string[]) =>
    `Deleted with your account, as you are their only owner: ${names.join(', ')}.`,
  typeDeleteLabel: (word: string) => `Type ${word} to confirm`,
  deletePasswordLabel: 'Current password',
  deleting: 'Deleting...',
} as const;

/** How each sign-in method is named on the dashboard. */
export const signInMethodNames = {
  password: 'Email and password',
  google: 'Google',
  github: 'GitHub',
} as const;

/** A subscription's plan, as the dashboard names it. */
export const subscriptionTypeNames = {
  monthly: 'Monthly',
  yearly: 'Annual',
  guest: 'Guest code',
} as const;
