import { useEffect, useRef, useState } from 'react';

const FLASH_MS = 700;

/** 'up' or 'down' for a moment after a live price moved, so the eye catches the tick. */
export function usePriceFlash(price: number | undefined): 'up' | 'down' | null {
  const previous = useRef(price);
  const [flash, setFlash] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = price;
    if (before === undefined || price === undefined || before === price) return;
    setFlash(price > before ? 'up' : 'down');
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [price]);
  return flash;
}

export const FLASH_CLASS = {
  up: 'bg-green-100/80',
  down: 'bg-red-100/80',
} as const;
