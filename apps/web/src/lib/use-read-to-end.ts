import { useCallback, useState, type UIEvent } from 'react';

/** Within this many pixels of the end, a scroll box counts as read to its end. */
const READ_THRESHOLD_PX = 8;

/**
 * A sheet the client must scroll to its end before going on (key facts, key information; as the
 * KYC agreement). Give the scroll box `ref={sheet.attach}` and `onScroll={sheet.onScroll}`: `read`
 * turns true once it reaches its end, or at once when the sheet fits without scrolling, and stays.
 */
export function useReadToEnd() {
  const [read, setRead] = useState(false);
  const attach = useCallback((box: HTMLElement | null) => {
    // A sheet that fits without scrolling has been seen whole (no layout yet: nothing to judge).
    if (box && box.scrollHeight > 0 && box.scrollHeight <= box.clientHeight) setRead(true);
  }, []);
  const onScroll = (event: UIEvent<HTMLElement>) => {
    const box = event.currentTarget;
    if (box.scrollHeight - box.scrollTop - box.clientHeight <= READ_THRESHOLD_PX) setRead(true);
  };
  return { read, attach, onScroll };
}

export type ReadToEnd = ReturnType<typeof useReadToEnd>;
