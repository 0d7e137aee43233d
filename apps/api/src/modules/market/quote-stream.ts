import type { AppContext } from '../../lib/context';
import { quoteOf, type InstrumentRow } from './market.service';
import { isOpenAt, type ExchangeCode } from './simulator/calendar';

/** One connected Server-Sent Events client. */
export interface StreamClient {
  instruments: InstrumentRow[];
  write(chunk: string | Buffer): boolean;
  /** Bytes queued but not yet sent: a client that stops reading is dropped. */
  backlog(): number;
  end(): void;
}

const MAX_BACKLOG_BYTES = 1 << 20;

export const sseEvent = (event: string, data: unknown) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Pushes quote updates to connected clients. Every tick it prices each subscribed instrument
 * whose exchange is open once, then writes the same event to every client that asked for it.
 * Holds only connections: prices come from the simulator and the clock, so any process can
 * serve any client.
 */
export class QuoteStreamHub {
  /** Each client with its subscription's key (its instrument ids), shared by equal lists. */
  private readonly clients = new Map<StreamClient, string>();
  private tickTimer: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly onError: (error: unknown) => void,
  ) {}

  get size() {
    return this.clients.size;
  }

  add(client: StreamClient) {
    this.clients.set(client, client.instruments.map((row) => row.id).join(','));
    const at = this.ctx.clock.now();
    client.write(
      'retry: 3000\n\n' +
        client.instruments.map((row) => sseEvent('quote', quoteOf(this.ctx, row, at))).join(''),
    );
    this.start();
  }

  remove(client: StreamClient) {
    this.clients.delete(client);
    if (this.clients.size === 0) this.stop();
  }

  closeAll() {
    for (const c of this.clients.keys()) c.end();
    this.clients.clear();
    this.stop();
  }

  private start() {
    if (this.tickTimer) return;
    this.tickTimer = setInterval(() => this.tick(), this.ctx.config.MARKET_STREAM_INTERVAL_MS);
    this.heartbeatTimer = setInterval(() => this.heartbeat(), this.ctx.config.MARKET_STREAM_HEARTBEAT_MS);
    this.tickTimer.unref();
    this.heartbeatTimer.unref();
  }

  private stop() {
    clearInterval(this.tickTimer);
    clearInterval(this.heartbeatTimer);
    this.tickTimer = undefined;
    this.heartbeatTimer = undefined;
  }

  private tick() {
    try {
      this.sendQuotes();
    } catch (error) {
      // A timer callback must never take the process down; the next tick tries again.
      this.onError(error);
    }
  }

  /**
   * One round of quotes to every client whose symbols' exchanges are open. Each instrument is
   * priced once, and each distinct subscription's chunk encoded once: with a thousand clients
   * the cost of a tick is the socket writes, one per client.
   */
  private sendQuotes() {
    const at = this.ctx.clock.now();
    const open = new Map<string, boolean>();
    const events = new Map<number, string>();
    const chunks = new Map<string, Buffer | null>();
    for (const [client, subscription] of this.clients) {
      let chunk = chunks.get(subscription);
      if (chunk === undefined) {
        let text = '';
        for (const row of client.instruments) {
          let event = events.get(row.id);
          if (event === undefined) {
            let isOpen = open.get(row.market);
            if (isOpen === undefined) {
              isOpen = isOpenAt(row.market as ExchangeCode, at.getTime());
              open.set(row.market, isOpen);
            }
            event = isOpen ? sseEvent('quote', quoteOf(this.ctx, row, at)) : '';
            events.set(row.id, event);
          }
          text += event;
        }
        chunk = text ? Buffer.from(text) : null;
        chunks.set(subscription, chunk);
      }
      if (chunk) this.send(client, chunk);
    }
  }

  private heartbeat() {
    const event = Buffer.from(sseEvent('heartbeat', { time: this.ctx.clock.now().toISOString() }));
    for (const client of this.clients.keys()) this.send(client, event);
  }

  private send(client: StreamClient, chunk: Buffer) {
    if (client.backlog() > MAX_BACKLOG_BYTES) {
      client.end();
      this.remove(client);
      return;
    }
    client.write(chunk);
  }
}
