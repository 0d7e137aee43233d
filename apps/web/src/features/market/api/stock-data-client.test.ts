import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const configs = [
  { baseUrl: '/market-data', apiKey: 'old-key', streamUrl: '/market-data/stream' },
  { baseUrl: '/market-data', apiKey: 'new-key', streamUrl: '/market-data/stream' },
];
let configIndex = 0;
vi.mock('./market-config', () => ({
  marketConfig: vi.fn(async (options: { refresh?: boolean } = {}) => {
    if (options.refresh) configIndex = Math.min(configIndex + 1, configs.length - 1);
    return configs[configIndex];
  }),
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  configIndex = 0;
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('stock-data client', () => {
  it('calls the configured base with the key in x-api-key and returns the data field', async () => {
    const naspers = { symbol: 'NPN', name: 'Naspers', market: 'JSE', country: 'ZA', type: 'stock' };
    fetchMock.mockResolvedValueOnce(json(200, { code: 'OK', message: 'OK', data: [naspers] }));
    const { searchStocks } = await import('./search');
    const hits = await searchStocks(' npn ', new AbortController().signal);
    // The dialog gets exactly the spec's search-result fields.
    expect(hits).toEqual([{ symbol: 'NPN', name: 'Naspers', market: 'JSE', country: 'ZA' }]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/market-data/search/?query=npn');
    expect(init.headers['x-api-key']).toBe('old-key');
  });

  it('re-reads the key once after a 401 and retries', async () => {
    fetchMock
      .mockResolvedValueOnce(
        json(401, { code: 'UNAUTHENTICATED', message: 'A valid market API key is required.', data: null }),
      )
      .mockResolvedValueOnce(json(200, { code: 'OK', message: 'OK', data: { symbol: 'NPN' } }));
    const { stockData } = await import('./stock-data-client');
    await expect(stockData.get('/company', { country: 'ZA', market: 'JSE', s: 'NPN' })).resolves.toEqual({
      symbol: 'NPN',
    });
    expect(fetchMock.mock.calls[1]![1].headers['x-api-key']).toBe('new-key');
  });

  it('surfaces the server message of a failure', async () => {
    fetchMock.mockResolvedValue(json(404, { code: 'NOT_FOUND', message: 'Unknown symbol.', data: null }));
    const { stockData } = await import('./stock-data-client');
    await expect(stockData.get('/stock_detail', { country: 'ZA', market: 'JSE', s: 'NOPE' })).rejects.toThrow(
      'Unknown symbol.',
    );
  });

  it('refuses a batch that is not an array without calling the server', async () => {
    const { stockData } = await import('./stock-data-client');
    expect(() => stockData.quotes({ symbol: 'NPN' })).toThrow('Payload must be an array of stocks');
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(json(200, { code: 'OK', message: 'OK', data: [] }));
    await stockData.quotes([{ symbol: 'NPN', market: 'JSE', country: 'ZA' }]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/market-data/stock');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual([{ symbol: 'NPN', market: 'JSE', country: 'ZA' }]);
  });

  it("lets the caller's abort through as an AbortError (the search dialog ignores those)", async () => {
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
        ),
    );
    const { stockData } = await import('./stock-data-client');
    const controller = new AbortController();
    const pending = stockData.get('/search/', { query: 'np' }, controller.signal);
    await Promise.resolve();
    await Promise.resolve();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
