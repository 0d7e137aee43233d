import { useState } from 'react';
import { Button } from '../../components/ui';

const ZOOM_STEP = 0.25;
const ZOOM_MIN = 0.5;
const ZOOM_MAX = 3;

/**
 * One ID image with zoom and a quarter-turn rotation (plain CSS inside a frame that scrolls when
 * zoomed). Every control is a labelled button, so it works from the keyboard.
 */
export function IdImage({ src, label }: { src: string; label: string }) {
  const [zoom, setZoom] = useState(1);
  const [turns, setTurns] = useState(0);
  const [failed, setFailed] = useState(false);
  const percent = Math.round(zoom * 100);
  return (
    <figure className="rounded border border-slate-300 bg-white p-2">
      <figcaption className="mb-2">
        <span className="block text-sm font-semibold text-slate-900">{label}</span>
        <span
          className="mt-1 flex flex-wrap items-center gap-1 whitespace-nowrap"
          role="group"
          aria-label={`${label} view`}
        >
          <Button
            tone="secondary"
            aria-label={`Zoom out of the ${label}`}
            disabled={zoom <= ZOOM_MIN}
            onClick={() => setZoom((z) => Math.max(ZOOM_MIN, z - ZOOM_STEP))}
          >
            −
          </Button>
          <span className="w-12 text-center text-xs text-slate-700" aria-live="polite">
            {percent}%
          </span>
          <Button
            tone="secondary"
            aria-label={`Zoom in on the ${label}`}
            disabled={zoom >= ZOOM_MAX}
            onClick={() => setZoom((z) => Math.min(ZOOM_MAX, z + ZOOM_STEP))}
          >
            +
          </Button>
          <Button
            tone="secondary"
            aria-label={`Rotate 90° clockwise, the ${label}`}
            onClick={() => setTurns((t) => (t + 1) % 4)}
          >
            Rotate 90°
          </Button>
          <Button
            tone="secondary"
            aria-label={`Reset the ${label} view`}
            onClick={() => {
              setZoom(1);
              setTurns(0);
            }}
          >
            Reset
          </Button>
        </span>
      </figcaption>
      {/* A square frame: a quarter turn keeps the image inside it. Zoom grows the image's box (not
          a scale transform), so the frame scrolls to every part of it; auto margins centre it
          without clipping the overflow on the left and top. Focusable so the keyboard scrolls it. */}
      <div
        role="group"
        tabIndex={0}
        aria-label={`${label} image (scroll with the arrow keys when zoomed)`}
        className="flex aspect-square max-h-[26rem] w-full overflow-auto bg-slate-100"
      >
        {failed ? (
          <p role="alert" className="m-auto p-4 text-sm text-red-800">
            The {label} could not be loaded.
          </p>
        ) : (
          <img
            src={src}
            alt={label}
            data-zoom={zoom}
            data-rotation={turns * 90}
            onError={() => setFailed(true)}
            className="m-auto max-w-none shrink-0 object-contain transition-transform"
            style={{
              width: `${percent}%`,
              height: `${percent}%`,
              transform: `rotate(${turns * 90}deg)`,
            }}
          />
        )}
      </div>
    </figure>
  );
}
