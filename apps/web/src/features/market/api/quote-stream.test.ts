import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Quote } from '@imali/contract';

vi.mock('./market-config', () => ({
  marketConfig: vi.fn(async () => ({
    baseUrl: '/market-data',
    apiKey: 'k-123',
    streamUrl: '/market-data/stream',
  })),
}));

/** A stand-in for the browser's EventSource that records what the app opened. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  closed = false;
  private listeners = new Map<string, Array<(e: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? [])
      fn({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
  get symbols() {
    return new URL(this.url, 'http://x').searchParams.get('symbols');
  }
}

const quote = (symbol: string, price: number) =>
  ({ symbol, market: 'JSE', country: 'ZA', price, as_of: '2026-11-18T10:00:00.000Z' }) as Quote;
const open = () => FakeEventSource.opened.filter((s) => !s.closed);

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('live quote stream', () => {
  it('shares one connection for every symbol on the page, with the key as a query parameter', async () => {
    const { subscribeQuote } = await import('./quote-stream');
    const npn = vi.fn();
    const sbk = vi.fn();
    const offNpn = subscribeQuote({ symbol: 'NPN', market: 'JSE', country: 'ZA' }, npn);
    const offSbk = subscribeQuote({ symbol: 'SBK', market: 'JSE', country: 'ZA' }, sbk);
    await vi.advanceTimersByTimeAsync(100);
    expect(open()).toHaveLength(1);
    expect(open()[0]!.symbols).toBe('JSE:NPN,JSE:SBK');
    expect(open()[0]!.url).toContain('key=k-123');

    open()[0]!.emit('quote', quote('NPN', 652256));
    expect(npn).toHaveBeenCalledWith(expect.objectContaining({ symbol: 'NPN', price: 652256 }));
    expect(sbk).not.toHaveBeenCalled();

    // A symbol nobody shows any more is dropped by reconnecting with the smaller set.
    offSbk();
    await vi.advanceTimersByTimeAsync(100);
    expect(open()).toHaveLength(1);
    expect(open()[0]!.symbols).toBe('JSE:NPN');

    // A late subscriber gets the last quote at once.
    const again = vi.fn();
    const offAgain = subscribeQuote({ symbol: 'NPN', market: 'JSE', country: 'ZA' }, again);
    expect(again).toHaveBeenCalledWith(expect.objectContaining({ price: 652256 }));

    offNpn();
    offAgain();
    await vi.advanceTimersByTimeAsync(100);
    expect(open()).toHaveLength(0);
  });

  it('reconnects with a fresh key after the server refused the stream', async () => {
    const { subscribeQuote } = await import('./quote-stream');
    const off = subscribeQuote({ symbol: 'AGL', market: 'JSE', country: 'ZA' }, () => undefined);
    await vi.advanceTimersByTimeAsync(100);
    const first = open()[0]!;
    first.readyState = FakeEventSource.CLOSED;
    first.emit('error', null);
    await vi.advanceTimersByTimeAsync(5_100);
    const { marketConfig } = await import('./market-config');
    expect(marketConfig).toHaveBeenLastCalledWith({ refresh: true });
    expect(open().filter((s) => s !== first)).toHaveLength(1);
    off();
    await vi.advanceTimersByTimeAsync(100);
  });
});
