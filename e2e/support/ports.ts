/**
 * Local ports of the browser-test server and its stand-ins: 3210 and the four after it, or from
 * E2E_PORT_BASE, so that two checkouts on one machine can run their browser tests at once.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 3210);

export const E2E_PORTS = {
  app: base,
  control: base + 1,
  smtp: base + 2,
  google: base + 3,
  github: base + 4,
} as const;
