import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

const KEY = 'test-market-key-0123456789';
const FRIDAY_MORNING = Date.parse('2026-11-20T08:00:00Z'); // 10:00 in Johannesburg, JSE open
const SATURDAY = Date.parse('2026-11-21T10:00:00Z');

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
  receivedAt: number;
}

/**
 * Reads Server-Sent Events until `enough` says so (or `deadlineMs` passes), then disconnects.
 * Waiting for a count rather than a fixed window keeps the test true on a loaded machine,
 * where a 100 ms timer can fire late.
 */
async function collect(
  url: string,
  enough: (events: SseEvent[]) => boolean,
  deadlineMs = 15_000,
): Promise<{
  status: number;
  type: string | null;
  events: SseEvent[];
  framing: { transferEncoding: string | null; connection: string | null };
}> {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  const events: SseEvent[] = [];
  const framing = {
    transferEncoding: res.headers.get('transfer-encoding'),
    connection: res.headers.get('connection'),
  };
  if (res.status !== 200 || !res.body)
    return { status: res.status, type: res.headers.get('content-type'), events, framing };
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const timer = setTimeout(() => controller.abort(), deadlineMs);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data), receivedAt: Date.now() });
      }
      if (enough(events)) break;
    }
  } catch {
    // aborted: done collecting
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return { status: 200, type: res.headers.get('content-type'), events, framing };
}

describe('GET /market-data/stream (Server-Sent Events)', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({
      MARKET_API_KEY: KEY,
      MARKET_STREAM_INTERVAL_MS: '100',
      MARKET_STREAM_HEARTBEAT_MS: '200',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => t.close());

  it('pushes a snapshot, then quote updates while the exchange is open', async () => {
    t.clock.advance(FRIDAY_MORNING - t.clock.now().getTime());
    const { status, type, events, framing } = await collect(
      `${base}/market-data/stream?symbols=NPN,JSE:SBK&key=${KEY}`,
      (seen) => seen.filter((e) => e.event === 'quote').length >= 6,
    );
    expect(status).toBe(200);
    expect(type).toContain('text/event-stream');
    // Not chunked: the body runs until the connection closes, one plain write per tick.
    expect(framing).toEqual({ transferEncoding: null, connection: 'close' });
    const quotes = events.filter((e) => e.event === 'quote');
    expect(quotes.slice(0, 2).map((q) => q.data.symbol)).toEqual(['NPN', 'SBK']);
    expect(quotes.length).toBeGreaterThanOrEqual(6); // snapshot + several ticks of both
    expect(quotes.every((q) => q.data.market_open === true && typeof q.data.price === 'number')).toBe(true);
    expect(
      new Set(quotes.filter((q) => q.data.symbol === 'NPN').map((q) => q.data.as_of)).size,
    ).toBeGreaterThan(1);
  });

  it('sends only the snapshot and heartbeats while the exchange is closed', async () => {
    t.clock.advance(SATURDAY - t.clock.now().getTime());
    // Three heartbeats (200 ms apart) span several 100 ms ticks: none of them may carry a quote.
    const { events } = await collect(
      `${base}/market-data/stream?symbols=NPN&key=${KEY}`,
      (seen) => seen.filter((e) => e.event === 'heartbeat').length >= 3,
    );
    const quotes = events.filter((e) => e.event === 'quote');
    expect(quotes).toHaveLength(1);
    expect(quotes[0]!.data).toMatchObject({ symbol: 'NPN', market_open: false });
    expect(events.filter((e) => e.event === 'heartbeat').length).toBeGreaterThanOrEqual(2);
  });

  it('accepts the key in the x-api-key header too', async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}/market-data/stream?symbols=NPN`, {
      headers: { 'x-api-key': KEY },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    controller.abort();
  });

  it('refuses a missing key, unknown symbols and too many symbols', async () => {
    const noKey = await fetch(`${base}/market-data/stream?symbols=NPN`);
    expect(noKey.status).toBe(401);
    expect(((await noKey.json()) as { message: string }).message).toBe(
      'A valid market API key is required (header x-api-key).',
    );
    const unknown = await fetch(`${base}/market-data/stream?symbols=NPN,NOPE&key=${KEY}`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe('Unknown symbol.');
    const many = Array.from({ length: 51 }, () => 'NPN').join(',');
    expect((await fetch(`${base}/market-data/stream?symbols=${many}&key=${KEY}`)).status).toBe(400);
  });
});
