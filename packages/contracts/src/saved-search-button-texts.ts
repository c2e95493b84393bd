/** The directory's 'Save this search' (ADR 034): all the home page's first chunk needs of it. */
export const saveSearchButtonTexts = {
  save: 'Save this search',
  signInToSave: 'Sign in to save this search',
} as const;
