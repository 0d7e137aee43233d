import { useCallback, useEffect, useRef, useState } from 'react';
import type { Quotation } from '@imali/contract';
import { fetchQuotation, type StockRef } from '../api/quotation';
import { fetchValidQuotation, QUOTE_VALIDITY_MS, quoteDeadline } from '../model/quote';

const TICK_MS = 200;

export interface QuotationState {
  quotation: Quotation | null;
  loading: boolean;
  /** Milliseconds left of the quotation's 20 s (0 once expired). */
  remainingMs: number;
  totalMs: number;
  /** When the quotation expires (local clock, ms); 0 without one. */
  deadline: number;
  /** The 20 s have passed: Confirm is disabled until a new quotation arrives. */
  expired: boolean;
  /** How the last fetch ended: a valid price, no valid price twice, or a failed request. */
  outcome: 'ok' | 'unavailable' | 'failed' | null;
  error: unknown;
  /** Fetches a new quotation (the "get the latest quotation" action). */
  requote: () => void;
}

export interface UseQuotationOptions {
  /** No valid price after the one retry. */
  onUnavailable?: () => void;
  /** The request failed. */
  onFailed?: (error: unknown) => void;
  /** Fetch the price (and so give out a quote) only when true; default true. */
  enabled?: boolean;
  fetcher?: (ref: StockRef, signal: AbortSignal) => Promise<Quotation>;
}

/**
 * The 20-second quotation of spec section 4: fetched on mount (a missing or zero price retried
 * once), counted down locally from the moment it arrives, expired after 20 s; `requote()` asks
 * for a fresh one.
 */
export function useQuotation(ref: StockRef | null, options: UseQuotationOptions = {}): QuotationState {
  const { enabled = true } = options;
  const callbacks = useRef(options);
  useEffect(() => {
    callbacks.current = options;
  });
  const [round, setRound] = useState(0);
  const key = ref ? `${ref.symbol}|${ref.market}|${ref.country}` : '';
  const request = `${key}#${round}`;
  const [state, setState] = useState<{
    /** The request this state answers (instrument and round). */
    request: string;
    quotation: Quotation | null;
    receivedAt: number;
    outcome: QuotationState['outcome'];
    error: unknown;
  }>({ request: '', quotation: null, receivedAt: 0, outcome: null, error: null });
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!enabled || !key) return;
    const [symbol = '', market = '', country = ''] = key.split('|');
    const controller = new AbortController();
    const fetcher = callbacks.current.fetcher ?? fetchQuotation;
    void fetchValidQuotation(() => fetcher({ symbol, market, country }, controller.signal)).then((result) => {
      if (controller.signal.aborted) return;
      const at = Date.now();
      setNow(at);
      if (result.kind === 'ok') {
        setState({ request, quotation: result.quotation, receivedAt: at, outcome: 'ok', error: null });
      } else {
        setState({
          request,
          quotation: null,
          receivedAt: 0,
          outcome: result.kind,
          error: result.kind === 'failed' ? result.error : null,
        });
        if (result.kind === 'unavailable') callbacks.current.onUnavailable?.();
        else callbacks.current.onFailed?.(result.error);
      }
    });
    return () => controller.abort();
  }, [key, enabled, request]);

  const loading = enabled && key !== '' && state.request !== request;
  // A re-quote keeps showing the expired quotation until the new one arrives; another stock's does not.
  const current = state.request.startsWith(`${key}#`) ? state : null;
  const quotation = current?.quotation ?? null;

  const deadline = quotation && current ? quoteDeadline(current.receivedAt) : 0;
  const remainingMs = quotation ? Math.max(0, deadline - now) : 0;
  const expired = quotation !== null && remainingMs <= 0;

  useEffect(() => {
    if (!quotation || expired) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [quotation, expired]);

  const requote = useCallback(() => setRound((r) => r + 1), []);

  return {
    quotation,
    loading,
    remainingMs,
    totalMs: QUOTE_VALIDITY_MS,
    deadline,
    expired,
    outcome: current?.outcome ?? null,
    error: current?.error ?? null,
    requote,
  };
}
