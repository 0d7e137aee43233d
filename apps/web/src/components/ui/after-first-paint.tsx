import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `children` once the browser has painted and has a moment (idle, or 1 s at most), and
 * `placeholder` until then: for content below the fold, so its rendering and its requests do not
 * compete with what the first screen shows (decision 0039). Give the placeholder the content's
 * height so nothing shifts when it arrives. The switch is a transition: React renders the content
 * in slices of a few milliseconds, yielding to input and paint, rather than in one long task.
 */
export function AfterFirstPaint({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const show = () => startTransition(() => setReady(true));
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(show, { timeout: 1000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(show, 50);
    return () => clearTimeout(timer);
  }, []);
  return <>{ready ? children : placeholder}</>;
}
