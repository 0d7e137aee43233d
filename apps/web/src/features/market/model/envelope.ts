/**
 * The stock-data API's response rule (spec section 7): the envelope's `data` is used; a non-200
 * status or an error message is a failure. Imali's server puts `code: 'OK'` and `message: 'OK'`
 * on every success, so a message counts as an error when the envelope's code is not 'OK'.
 */
export const STOCK_DATA_FALLBACK_MESSAGE = 'Request failed.';
export const PAYLOAD_MUST_BE_ARRAY = 'Payload must be an array of stocks';

export class StockDataError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
    this.name = 'StockDataError';
  }
}

interface Envelope {
  code?: unknown;
  message?: unknown;
  data?: unknown;
}

export function readStockDataEnvelope<T>(status: number, body: unknown): T {
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as Envelope;
  const message =
    typeof envelope.message === 'string' && envelope.message.trim() !== ''
      ? envelope.message
      : STOCK_DATA_FALLBACK_MESSAGE;
  const code = typeof envelope.code === 'string' ? envelope.code : `HTTP_${status}`;
  if (status !== 200) throw new StockDataError(message, status, code);
  if (envelope.code !== undefined && envelope.code !== 'OK') throw new StockDataError(message, status, code);
  if (envelope.data === null || envelope.data === undefined) throw new StockDataError(message, status, code);
  return envelope.data as T;
}

/** The batch quote call's guard, before anything is sent. */
export function assertStockArray(stocks: unknown): asserts stocks is unknown[] {
  if (!Array.isArray(stocks)) throw new StockDataError(PAYLOAD_MUST_BE_ARRAY, 0, 'INVALID_INPUT');
}
