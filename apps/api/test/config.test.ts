import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

describe('configuration', () => {
  it('runs on the embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', LOG_LEVEL: 'info' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
  });

  it('fails loudly, naming the setting, on a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('reads on/off switches, so "off" really turns a feature off', () => {
    expect(loadConfig({})).toMatchObject({ RATE_LIMITS: true, PERIODIC_JOBS: true });
    expect(loadConfig({ RATE_LIMITS: 'off', PERIODIC_JOBS: 'off' })).toMatchObject({
      RATE_LIMITS: false,
      PERIODIC_JOBS: false,
    });
    expect(() => loadConfig({ PERIODIC_JOBS: 'maybe' })).toThrow(/PERIODIC_JOBS/);
  });
});
