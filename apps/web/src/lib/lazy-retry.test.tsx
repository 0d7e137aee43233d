// @vitest-environment happy-dom
// A drawer's or modal's code that failed to load is fetched again once the connection is back:
// on the browser's 'online' event, and when the client presses Try again on /error (a network
// that went nowhere never fires 'online': navigator.onLine stayed true all along).
import { Component, Suspense, type ReactNode } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyRetry, retryFailedLoads } from './lazy-retry';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>failed to load</p> : this.props.children;
  }
}

function renderPart(Part: React.ComponentType) {
  render(
    <Boundary>
      <Suspense fallback={<p>loading</p>}>
        <Part />
      </Suspense>
    </Boundary>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function partFailingOnce() {
  let calls = 0;
  const load = vi.fn(async () => {
    calls += 1;
    if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
    return { default: () => <p>the drawer</p> };
  });
  return { Part: lazyRetry(load), load };
}

describe('lazyRetry', () => {
  it('Try again (retryFailedLoads) fetches a failed part again, with no online event', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    const { Part, load } = partFailingOnce();
    renderPart(Part);
    await screen.findByText('failed to load');
    cleanup();
    renderPart(Part);
    await screen.findByText('failed to load');
    expect(load).toHaveBeenCalledTimes(1);

    retryFailedLoads();
    cleanup();
    renderPart(Part);
    await screen.findByText('the drawer');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("the browser's online event does the same", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    const { Part } = partFailingOnce();
    renderPart(Part);
    await screen.findByText('failed to load');
    window.dispatchEvent(new Event('online'));
    cleanup();
    renderPart(Part);
    await screen.findByText('the drawer');
  });
});
