import { useEffect, useState, type ReactNode } from 'react';

/**
 * Renders `children` once the browser has painted and has a moment (idle, or 1 s at most), and
 * `placeholder` until then: for content below the fold, so its rendering and its requests do not
 * compete with what the first screen shows (decision 0039). Give the placeholder the content's
 * height so nothing shifts when it arrives.
 */
export function AfterFirstPaint({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 1000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setReady(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return <>{ready ? children : placeholder}</>;
}
