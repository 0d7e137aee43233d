// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SearchDialog,
  searchDialog,
  SEARCH_THROTTLE_MS,
  type SearchProvider,
  type SearchResult,
} from './search-dialog';
import { preloadDialogShell } from '@/components/ui/dialog-shell';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// The app preloads the dialog code after its first render; here, before the first test.
await preloadDialogShell();

const NPN: SearchResult = { symbol: 'NPN', name: 'Naspers', market: 'jse', country: 'za' };
const SOL: SearchResult = { symbol: 'SOL', name: 'Sasol', market: 'jse', country: 'za' };
const MTN: SearchResult = { symbol: 'MTN', name: 'MTN Group', market: 'jse', country: 'za' };

let container: HTMLDivElement;
let root: Root;

function render(provider: SearchProvider | null) {
  act(() => root.render(<SearchDialog provider={provider} />));
}

const input = () => document.querySelector<HTMLInputElement>('input[placeholder="Search..."]');
const dialog = () => document.querySelector('[role=dialog]');
const text = () => dialog()?.textContent ?? '';

function type(value: string) {
  const el = input()!;
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function key(k: string, init: KeyboardEventInit = {}, target: EventTarget = input() ?? window) {
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, ...init }));
  });
}

async function flush(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => searchDialog.close());
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

describe('search dialog', () => {
  it('opens on Ctrl+K and Cmd+K, closes on Escape and Cancel', () => {
    render(null);
    expect(dialog()).toBeNull();
    key('k', { ctrlKey: true }, window);
    expect(input()).not.toBeNull();
    key('Escape');
    expect(dialog()).toBeNull();
    key('k', { metaKey: true }, window);
    expect(dialog()).not.toBeNull();
    act(() => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Cancel')!.click());
    expect(dialog()).toBeNull();
  });

  it('sends nothing for a blank query and at most one call per 500 ms, aborting the previous one', async () => {
    const signals: AbortSignal[] = [];
    const search = vi.fn((query: string, signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<SearchResult[]>((resolve) =>
        setTimeout(() => resolve(query === 'npn' ? [NPN] : []), 800),
      );
    });
    render({ search });
    act(() => searchDialog.open());
    type('   ');
    await flush(1000);
    expect(search).not.toHaveBeenCalled();

    type('n');
    await flush(0);
    expect(search).toHaveBeenCalledTimes(1);
    expect(text()).toContain('Searching...');
    type('np');
    type('npn');
    await flush(SEARCH_THROTTLE_MS - 1);
    expect(search).toHaveBeenCalledTimes(1);
    await flush(1);
    expect(search).toHaveBeenCalledTimes(2);
    expect(search.mock.calls[1]![0]).toBe('npn');
    expect(signals[0]!.aborted).toBe(true);
    await flush(800);
    expect(text()).toContain('NPN');
    expect(text()).toContain('Naspers');
  });

  it("shows 'No Results Found' and the hint when nothing matches", async () => {
    render({ search: async () => [] });
    act(() => searchDialog.open());
    type('zzz');
    await flush(10);
    expect(text()).toContain('No Results Found');
    expect(text()).toContain('Try searching for something else.');
  });

  it('moves the highlight with Up/Down, wrapping around, and opens the highlighted result with Enter', async () => {
    const onSelect = vi.fn();
    render({ search: async () => [NPN, SOL, MTN], onSelect });
    act(() => searchDialog.open());
    type('s');
    await flush(10);
    const selected = () => document.querySelector('[aria-selected=true]')?.textContent ?? '';
    expect(selected()).toContain('NPN');
    key('ArrowUp');
    expect(selected()).toContain('MTN');
    key('ArrowDown');
    expect(selected()).toContain('NPN');
    key('ArrowDown');
    key('ArrowDown');
    expect(selected()).toContain('MTN');
    key('ArrowDown');
    expect(selected()).toContain('NPN');
    key('ArrowDown');
    key('Enter');
    expect(onSelect).toHaveBeenCalledWith(SOL);
    expect(dialog()).toBeNull();
  });

  it('ignores aborted searches and only logs other failures', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    render({ search: async () => Promise.reject(new Error('boom')) });
    act(() => searchDialog.open());
    type('x');
    await flush(10);
    expect(error).toHaveBeenCalledWith('Search failed', expect.any(Error));
    expect(text()).toContain('No Results Found');
    error.mockRestore();
  });
});
