import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it("sets zod's jitless option without importing zod, and zod adopts it", async () => {
    await import('./zod-jitless');
    const { config } = await import('zod/mini');
    expect(config().jitless).toBe(true);
  });
});
