import { describe, expect, it } from 'vitest';
import { assertStockArray, PAYLOAD_MUST_BE_ARRAY, readStockDataEnvelope, StockDataError } from './envelope';

describe('stock-data envelope', () => {
  it('uses the data field of a 200 OK envelope', () => {
    expect(readStockDataEnvelope(200, { code: 'OK', message: 'OK', data: [{ symbol: 'NPN' }] })).toEqual([
      { symbol: 'NPN' },
    ]);
    expect(readStockDataEnvelope(200, { data: { a: 1 } })).toEqual({ a: 1 });
  });

  it('fails on a non-200 status with the server message', () => {
    const call = () =>
      readStockDataEnvelope(401, {
        code: 'UNAUTHENTICATED',
        message: 'A valid market API key is required.',
        data: null,
      });
    expect(call).toThrow(StockDataError);
    expect(call).toThrow('A valid market API key is required.');
  });

  it('fails when the envelope carries an error message, even with status 200', () => {
    expect(() =>
      readStockDataEnvelope(200, { code: 'NOT_FOUND', message: 'Unknown symbol.', data: null }),
    ).toThrow('Unknown symbol.');
  });

  it('falls back to the generic message, and rejects a missing data field', () => {
    expect(() => readStockDataEnvelope(500, null)).toThrow('Request failed.');
    expect(() => readStockDataEnvelope(200, { code: 'OK', message: 'OK', data: null })).toThrow(
      StockDataError,
    );
  });

  it('keeps status and code on the error', () => {
    try {
      readStockDataEnvelope(404, { code: 'NOT_FOUND', message: 'Unknown symbol.', data: null });
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
  });
});

describe('batch quote guard', () => {
  it("refuses anything but an array with the spec's message", () => {
    expect(() => assertStockArray({ symbol: 'NPN' })).toThrow(PAYLOAD_MUST_BE_ARRAY);
    expect(() => assertStockArray('NPN')).toThrow('Payload must be an array of stocks');
    expect(() => assertStockArray(null)).toThrow(PAYLOAD_MUST_BE_ARRAY);
    expect(() => assertStockArray([])).not.toThrow();
  });
});
