export const DAY_MS = 24 * 60 * 60 * 1000;

/** A UTC date `days` from today, as closing dates are written. */
export const day = (days = 0) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** An on-site role with every field an owner can give, as the API takes it. */
export const validRole = (changes: Record<string, unknown> = {}) => ({
  title: 'Field Coordinator',
  kind: 'full_time',
  workplace: 'on_site',
  country: 'KE',
  city: 'Nairobi',
  pay: { min: 30000, max: 42000, currency: 'USD', period: 'year' },
  description: 'Coordinates the well teams.\nTravels to the lake counties.',
  apply: 'https://tidewater.example/jobs/1',
  ...changes,
});

/** A remote role within two countries, without pay, applied to by email. */
export const remoteRole = {
  title: 'Data Fellow',
  kind: 'fellowship',
  workplace: 'remote',
  remoteCountries: ['KE', 'UG'],
  description: 'Builds the water-point dashboard.',
  apply: 'jobs@tidewater.example',
};
