// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bottomDrawer, BOTTOM_DRAWER_TYPES, type BottomDrawerType } from './bottom-drawer';
import { modal } from './modal';
import { toast, TOAST_DURATION_MS } from './toast';

const Content = () => null;

afterEach(() => {
  modal.forceClose();
  bottomDrawer.close();
  vi.useRealTimers();
});

describe('bottom drawer', () => {
  it('opens known types with the spec title and height', () => {
    expect(bottomDrawer.open('withdraw')).toBe(true);
    expect(bottomDrawer.current()).toMatchObject({ type: 'withdraw', title: 'Withdrawal', height: '100vh' });
    bottomDrawer.open('stock', { symbol: 'NPN', market: 'JSE', country: 'ZA' }, { title: 'Naspers' });
    expect(bottomDrawer.current()).toMatchObject({ title: 'Naspers', params: { symbol: 'NPN' } });
    expect(BOTTOM_DRAWER_TYPES.trial.height).toBe('90vh');
    expect(BOTTOM_DRAWER_TYPES.fo).toEqual({ title: 'DD Trading Detail', height: '85vh' });
  });

  it('logs an error and opens nothing for an unknown type', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    // A type from server data (a product's dtype) is checked when the drawer opens.
    expect(bottomDrawer.open('lottery' as BottomDrawerType)).toBe(false);
    expect(bottomDrawer.current()).toBeNull();
    expect(error).toHaveBeenCalledWith('Unknown bottom drawer type: lottery');
    error.mockRestore();
  });

  it('types params per drawer type (tsc -p apps/web checks these lines)', () => {
    const neverCalled = () => {
      // @ts-expect-error a stock drawer needs symbol, market and country
      bottomDrawer.open('stock', { symbol: 'NPN' });
      // @ts-expect-error a deposit id is a number
      bottomDrawer.open('deposit', { depositId: '7' });
      // @ts-expect-error the withdrawal drawer takes no stock
      bottomDrawer.open('withdraw', { symbol: 'NPN' });
      bottomDrawer.open('deposit', { depositId: 7 });
      bottomDrawer.open('withdraw');
    };
    expect(neverCalled).toBeTypeOf('function');
  });
});

describe('modal', () => {
  it('ignores opening the same key twice', () => {
    const onClose = vi.fn();
    modal.open({ key: 'a', content: Content, title: 'First', onClose });
    modal.open({ key: 'a', content: Content, title: 'Second' });
    expect(modal.isOpen('a')).toBe(true);
    modal.forceClose();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('refuses a manual close when blocked or when beforeClose resolves false; force-close skips the checks', async () => {
    modal.open({ key: 'b', content: Content, blockManualClose: true });
    expect(await modal.close()).toBe(false);
    expect(modal.isOpen('b')).toBe(true);
    modal.forceClose();
    modal.open({ key: 'c', content: Content, beforeClose: async () => false });
    expect(await modal.close()).toBe(false);
    expect(modal.isOpen()).toBe(true);
    modal.forceClose();
    expect(modal.isOpen()).toBe(false);
  });
});

describe('toast', () => {
  it('hides after 3000 ms', () => {
    vi.useFakeTimers();
    toast.success('Saved');
    expect(toast.current()).toMatchObject({ message: 'Saved', type: 'success' });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(toast.current()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(toast.current()).toBeNull();
  });
});
