// @vitest-environment happy-dom
// The query client's code loads with the signed-in app (decision 0039). A load that failed (no
// connection) is not kept failed: the next navigation, e.g. Try again on /error, loads it again.
import { afterEach, describe, expect, it, vi } from 'vitest';

let failNext = true;
vi.mock('./query-client', () => {
  if (failNext) {
    failNext = false;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return { queryClient: { mount: vi.fn() } };
});

afterEach(() => vi.unstubAllGlobals());

describe('loadQueryClient', () => {
  it("rejects with 'Offline' while the server cannot be reached, and loads once it can", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { loadQueryClient, loadedQueryClient } = await import('./query-provider');
    await expect(loadQueryClient()).rejects.toMatchObject({ message: 'Offline' });
    expect(loadedQueryClient()).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    const client = await loadQueryClient();
    expect(client.mount).toHaveBeenCalledTimes(1);
    expect(loadedQueryClient()).toBe(client);
  });
});
