/**
 * Where focus goes back to when an overlay closes: the element that opened it. Overlays here have
 * no Radix trigger (they open from a store), so each records its opener when it opens.
 *
 * An opener inside another overlay that closes at the same time (the avatar drawer's Withdraw
 * button, a search result) is gone by then; focus goes to that overlay's own opener instead.
 */
const openerOfDialog = new WeakMap<Element, HTMLElement>();
const fallbackOf = new WeakMap<HTMLElement, HTMLElement>();

/** The focused element now (call when an overlay is asked to open). */
export function captureOpener(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const el = document.activeElement;
  if (!(el instanceof HTMLElement) || el === document.body) return null;
  const dialog = el.closest('[role="dialog"]');
  const outer = dialog ? openerOfDialog.get(dialog) : undefined;
  if (outer) fallbackOf.set(el, outer);
  return el;
}

/** Remembers who opened a mounted dialog (its content element), for openers inside it. */
export function registerDialogOpener(content: Element | null, opener: HTMLElement | null): void {
  if (content && opener) openerOfDialog.set(content, opener);
}

/** Focuses the opener, or the nearest opener up the chain that is still on the page. */
export function returnFocus(opener: HTMLElement | null): void {
  let target: HTMLElement | null | undefined = opener;
  const seen = new Set<HTMLElement>();
  while (target && !target.isConnected && !seen.has(target)) {
    seen.add(target);
    target = fallbackOf.get(target);
  }
  if (target?.isConnected) target.focus({ preventScroll: true });
}
