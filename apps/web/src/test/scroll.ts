import { fireEvent, screen } from '@testing-library/react';

/** happy-dom has no layout: a scroll box reports the sizes given here. */
export function sizeBox(testId: string, scrollHeight: number, clientHeight: number): HTMLElement {
  const box = screen.getByTestId(testId);
  Object.defineProperty(box, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: clientHeight });
  return box;
}

/** Scrolls a sheet taller than its box to its end, as a reader would. */
export function scrollToEnd(testId: string): void {
  const box = sizeBox(testId, 1200, 300);
  box.scrollTop = 900;
  fireEvent.scroll(box);
}
