/**
 * Live quotes over Server-Sent Events (GET /market-data/stream). One shared connection per page for
 * every symbol any component shows (browsers allow few connections per host); the symbol set is
 * re-sent by reconnecting when it changes. EventSource cannot set headers, so the key travels as
 * `?key=`. The server sends each symbol's quote on connect, then on every tick while its exchange
 * is open.
 */
import type { Quote } from '@imali/contract';
import { stockKey, streamSpec, type StockKey } from '../model/quotes';
import { marketConfig } from './market-config';

type Listener = (quote: Quote) => void;

/** The server accepts at most 50 symbols per stream; more are split over several streams. */
const MAX_SYMBOLS_PER_STREAM = 50;
const RESUBSCRIBE_DELAY_MS = 40;
const RETRY_AFTER_FAILURE_MS = 5_000;

interface Subscription {
  spec: string;
  listeners: Set<Listener>;
  last?: Quote;
}

const subscriptions = new Map<string, Subscription>();
let sources: EventSource[] = [];
let currentSpecs = '';
let timer: ReturnType<typeof setTimeout> | undefined;
let generation = 0;

function schedule(delay = RESUBSCRIBE_DELAY_MS) {
  clearTimeout(timer);
  timer = setTimeout(() => void connect(), delay);
}

function closeAll() {
  for (const s of sources) s.close();
  sources = [];
}

async function connect(forceNewKey = false): Promise<void> {
  const specs = [...new Set([...subscriptions.values()].map((s) => s.spec))].sort();
  const joined = specs.join(',');
  if (!forceNewKey && joined === currentSpecs && sources.length > 0) return;
  const mine = ++generation;
  closeAll();
  currentSpecs = joined;
  if (specs.length === 0 || typeof EventSource === 'undefined') return;
  let config;
  try {
    config = await marketConfig({ refresh: forceNewKey });
  } catch {
    if (mine === generation) schedule(RETRY_AFTER_FAILURE_MS);
    return;
  }
  if (mine !== generation) return;
  for (let i = 0; i < specs.length; i += MAX_SYMBOLS_PER_STREAM) {
    const params = new URLSearchParams({
      symbols: specs.slice(i, i + MAX_SYMBOLS_PER_STREAM).join(','),
      key: config.apiKey,
    });
    const source = new EventSource(`${config.streamUrl}?${params.toString()}`);
    source.addEventListener('quote', (event) => {
      let quote: Quote;
      try {
        quote = JSON.parse((event as MessageEvent<string>).data) as Quote;
      } catch {
        return;
      }
      const sub = subscriptions.get(stockKey(quote));
      if (!sub) return;
      sub.last = quote;
      for (const listener of sub.listeners) listener(quote);
    });
    source.addEventListener('error', () => {
      // EventSource retries by itself; a refused connection (e.g. a rotated key) ends CLOSED.
      if (source.readyState === EventSource.CLOSED && mine === generation) {
        currentSpecs = '';
        clearTimeout(timer);
        timer = setTimeout(() => void connect(true), RETRY_AFTER_FAILURE_MS);
      }
    });
    sources.push(source);
  }
}

/** Calls `listener` with every live quote of the stock until the returned function is called. */
export function subscribeQuote(stock: StockKey, listener: Listener): () => void {
  const key = stockKey(stock);
  let sub = subscriptions.get(key);
  if (!sub) {
    sub = { spec: streamSpec(stock), listeners: new Set() };
    subscriptions.set(key, sub);
    schedule();
  }
  sub.listeners.add(listener);
  if (sub.last) listener(sub.last);
  const own = sub;
  return () => {
    own.listeners.delete(listener);
    if (own.listeners.size === 0 && subscriptions.get(key) === own) {
      subscriptions.delete(key);
      schedule();
    }
  };
}
