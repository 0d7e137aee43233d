import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';

describe('configuration', () => {
  it('seeds the demo client by default, but never in production unless asked', () => {
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });

  it('refuses a bad setting with its name', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('puts the staff API on PORT + 1 unless OPS_PORT says otherwise, with localhost origins by default', () => {
    expect(loadConfig({}).opsPort).toBe(8081);
    expect(loadConfig({ PORT: '9000' }).opsPort).toBe(9001);
    expect(loadConfig({ PORT: '0' }).opsPort).toBe(0);
    expect(loadConfig({ PORT: '9000', OPS_PORT: '9443' }).opsPort).toBe(9443);
    expect(loadConfig({ PORT: '9000' }).opsOrigins).toEqual([
      'http://localhost:9001',
      'http://127.0.0.1:9001',
    ]);
    expect(
      loadConfig({ OPS_ORIGIN: 'https://ops.example.com/, https://ops2.example.com' }).opsOrigins,
    ).toEqual(['https://ops.example.com', 'https://ops2.example.com']);
    expect(() => loadConfig({ PORT: '9000', OPS_PORT: '9000' })).toThrow(/OPS_PORT/);
    expect(() => loadConfig({ STAFF_SECRET_KEY: 'too short' })).toThrow(/STAFF_SECRET_KEY/);
  });
});
