import { useCallback, useState, type KeyboardEvent } from 'react';

/**
 * Keyboard navigation of a list: j / ArrowDown to the next item, k / ArrowUp to the one before,
 * Home and End, Enter opens the active item. The list element holds the focus and names the
 * active item with aria-activedescendant (`optionId(i)`), so a screen reader follows it.
 */
export function useListKeys(count: number, onOpen: (index: number) => void, idPrefix: string) {
  const [active, setActive] = useState(0);
  const current = count === 0 ? -1 : Math.min(active, count - 1);
  const optionId = useCallback((index: number) => `${idPrefix}-item-${index}`, [idPrefix]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (count === 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const move = (to: number) => {
      event.preventDefault();
      const next = Math.max(0, Math.min(count - 1, to));
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' });
    };
    switch (event.key) {
      case 'j':
      case 'ArrowDown':
        return move(current + 1);
      case 'k':
      case 'ArrowUp':
        return move(current - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(count - 1);
      case 'Enter':
        event.preventDefault();
        return onOpen(current);
    }
  };

  return {
    active: current,
    setActive,
    optionId,
    listProps: {
      tabIndex: 0,
      onKeyDown,
      'aria-activedescendant': current >= 0 ? optionId(current) : undefined,
    },
  };
}
