import { useEffect, useState } from 'react';
import { http } from './api-client';

/**
 * Private images (`/api/files/<id>`) need the bearer header, which an <img src> cannot send:
 * fetch them as blobs and show an object URL. Other URLs pass through unchanged.
 */
export function usePrivateImage(url: string | null | undefined): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string | null | undefined; src: string | null; failed: boolean }>(
    {
      url: undefined,
      src: null,
      failed: false,
    },
  );
  const isPrivate = !!url && url.startsWith('/api/');

  useEffect(() => {
    if (!url || !isPrivate) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    http
      .blob(url, { signal: controller.signal })
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ url, src: objectUrl, failed: false });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ url, src: null, failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, isPrivate]);

  if (!url) return { src: null, failed: false };
  if (!isPrivate) return { src: url, failed: false };
  if (state.url !== url) return { src: null, failed: false };
  return { src: state.src, failed: state.failed };
}
