import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, TradingMessages } from '@imali/contract';
import { toast } from '@/components/ui/toast';
import { ApiError } from './http';
import { createIdempotencyKeeper } from './idempotency';
import { placeWithPin } from './order-flow';

const lapsed = () => new ApiError('Verify your PIN.', ErrorCode.PinRequired, 403);

afterEach(() => vi.restoreAllMocks());

function flow(answers: Array<unknown>, pins: boolean[] = [true, true]) {
  const keys: string[] = [];
  const askForPin = vi.fn(async () => pins.shift() ?? false);
  const send = vi.fn(async (_body: { amount: string }, key: string) => {
    keys.push(key);
    const answer = answers.shift();
    if (answer instanceof Error) throw answer;
    return answer as string;
  });
  return { keys, askForPin, send };
}

describe('placeWithPin', () => {
  it('sends nothing without the PIN', async () => {
    const f = flow(['done'], [false]);
    const result = await placeWithPin({
      ...f,
      description: 'Confirm.',
      body: { amount: '1' },
      keeper: createIdempotencyKeeper(),
    });
    expect(result).toBeNull();
    expect(f.send).not.toHaveBeenCalled();
  });

  it('asks for the PIN again when the verification lapsed, and sends the same key', async () => {
    const f = flow([lapsed(), 'done']);
    const result = await placeWithPin({
      ...f,
      description: 'Confirm.',
      body: { amount: '1' },
      keeper: createIdempotencyKeeper(),
    });
    expect(result).toBe('done');
    expect(f.askForPin).toHaveBeenCalledTimes(2);
    expect(f.keys).toHaveLength(2);
    expect(f.keys[1]).toBe(f.keys[0]);
  });

  it('asks again once only: a second lapse is said and ends the flow', async () => {
    vi.spyOn(toast, 'error');
    const f = flow([lapsed(), lapsed()]);
    const result = await placeWithPin({
      ...f,
      description: 'Confirm.',
      body: { amount: '1' },
      keeper: createIdempotencyKeeper(),
    });
    expect(result).toBeNull();
    expect(f.send).toHaveBeenCalledTimes(2);
    expect(toast.error).toHaveBeenCalledWith('Verify your PIN.');
  });

  it('a refusal is final: said, handed to onRefused, and the next order gets a new key', async () => {
    vi.spyOn(toast, 'error');
    const keeper = createIdempotencyKeeper();
    const onRefused = vi.fn();
    const onError = vi.fn();
    const refused = new ApiError('Insufficient funds.', ErrorCode.InsufficientFunds, 409);
    const f = flow([refused, 'done'], [true, true]);
    expect(
      await placeWithPin({
        ...f,
        description: 'Confirm.',
        body: { amount: '1' },
        keeper,
        onRefused,
        onError,
      }),
    ).toBeNull();
    expect(onRefused).toHaveBeenCalledWith(refused);
    expect(onError).toHaveBeenCalledWith(refused);
    expect(toast.error).toHaveBeenCalledWith('Insufficient funds.');
    expect(await placeWithPin({ ...f, description: 'Confirm.', body: { amount: '1' }, keeper })).toBe('done');
    expect(f.keys[1]).not.toBe(f.keys[0]);
  });

  it('a lost answer keeps the key: sending the same order again cannot place it twice', async () => {
    vi.spyOn(toast, 'error');
    const keeper = createIdempotencyKeeper();
    const onRefused = vi.fn();
    const f = flow([new ApiError('Request timed out.', 'TIMEOUT', 0), 'done'], [true, true]);
    expect(
      await placeWithPin({ ...f, description: 'Confirm.', body: { amount: '1' }, keeper, onRefused }),
    ).toBeNull();
    expect(onRefused).not.toHaveBeenCalled();
    expect(await placeWithPin({ ...f, description: 'Confirm.', body: { amount: '1' }, keeper })).toBe('done');
    expect(f.keys[1]).toBe(f.keys[0]);
  });

  it('does not send a quotation that ran out while the PIN was typed', async () => {
    vi.spyOn(toast, 'warning');
    const f = flow(['done']);
    const result = await placeWithPin({
      ...f,
      description: 'Confirm.',
      body: { amount: '1' },
      keeper: createIdempotencyKeeper(),
      quoteExpired: () => true,
    });
    expect(result).toBeNull();
    expect(f.send).not.toHaveBeenCalled();
    expect(toast.warning).toHaveBeenCalledWith(TradingMessages.quoteExpired);
  });
});
