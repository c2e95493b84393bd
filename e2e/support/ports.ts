/** Fixed local ports of the browser-test server and its stand-ins. */
export const E2E_PORTS = {
  app: 3210,
  control: 3211,
  smtp: 3212,
  google: 3213,
  github: 3214,
} as const;
