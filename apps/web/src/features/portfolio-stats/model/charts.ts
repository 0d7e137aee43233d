/**
 * Geometry of the small SVG charts (week-profit bars, allocation donut). Numbers here only place
 * shapes; every figure a person reads is formatted from the server's exact decimal strings.
 */
import { magnitude } from './format';

export interface Bar {
  day: string;
  profit: string;
  /** 0…1 of the half-height: how far the bar reaches from the zero line. */
  size: number;
  direction: 'up' | 'down' | 'flat';
}

/** Bars scaled to the largest absolute profit of the week (all flat when nothing moved). */
export function weekBars(days: Array<{ day: string; profit: string }>): Bar[] {
  const values = days.map((d) => magnitude(d.profit));
  const max = Math.max(0, ...values.map(Math.abs));
  return days.map((d, i) => {
    const v = values[i]!;
    return {
      day: d.day,
      profit: d.profit,
      size: max === 0 ? 0 : Math.abs(v) / max,
      direction: v > 0 ? 'up' : v < 0 ? 'down' : 'flat',
    };
  });
}

export interface Arc {
  key: string;
  /** SVG path of the ring segment. */
  path: string;
  share: number;
}

const point = (cx: number, cy: number, r: number, turn: number) => {
  const angle = turn * 2 * Math.PI - Math.PI / 2;
  return [cx + r * Math.cos(angle), cy + r * Math.sin(angle)] as const;
};

const fixed = (n: number) => Number(n.toFixed(3));

/**
 * Ring segments for shares of a whole, clockwise from 12 o'clock. A single share of the whole is
 * drawn as two half rings (an SVG arc cannot start and end at the same point).
 */
export function donutArcs(
  items: Array<{ key: string; value: string }>,
  { size = 120, thickness = 18 }: { size?: number; thickness?: number } = {},
): Arc[] {
  const values = items.map((i) => Math.max(0, magnitude(i.value)));
  const total = values.reduce((a, b) => a + b, 0);
  if (total <= 0) return [];
  const c = size / 2;
  const outer = c;
  const inner = c - thickness;
  const segment = (from: number, to: number) => {
    const large = to - from > 0.5 ? 1 : 0;
    const [x0, y0] = point(c, c, outer, from);
    const [x1, y1] = point(c, c, outer, to);
    const [x2, y2] = point(c, c, inner, to);
    const [x3, y3] = point(c, c, inner, from);
    return (
      `M${fixed(x0)} ${fixed(y0)}A${outer} ${outer} 0 ${large} 1 ${fixed(x1)} ${fixed(y1)}` +
      `L${fixed(x2)} ${fixed(y2)}A${inner} ${inner} 0 ${large} 0 ${fixed(x3)} ${fixed(y3)}Z`
    );
  };
  let start = 0;
  const arcs: Arc[] = [];
  items.forEach((item, i) => {
    const share = values[i]! / total;
    if (share <= 0) return;
    const end = start + share;
    const path = share >= 0.9999 ? segment(0, 0.5) + segment(0.5, 1) : segment(start, end);
    arcs.push({ key: item.key, path, share });
    start = end;
  });
  return arcs;
}

/**
 * The value line and the area under it in a 100 × 100 box (y down), the scale's bounds (at least
 * ±0.5% around a flat line, so a steady value does not look like a cliff) and each point's height.
 */
export function valuePath(values: number[]): {
  line: string;
  area: string;
  min: number;
  max: number;
  ys: number[];
} {
  if (values.length === 0) return { line: '', area: '', min: 0, max: 0, ys: [] };
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const mid = (lo + hi) / 2;
  const half = Math.max((hi - lo) / 2, Math.abs(mid) * 0.005, 1) * 1.1;
  const min = mid - half;
  const max = mid + half;
  const n = values.length;
  const x = (i: number) => (n === 1 ? 50 : (i / (n - 1)) * 100);
  const ys = values.map((v) => fixed(((max - v) / (max - min)) * 100));
  const line = values.map((_, i) => `${i === 0 ? 'M' : 'L'}${fixed(x(i))} ${ys[i]}`).join('');
  const area = `${line}L${fixed(x(n - 1))} 100L${fixed(x(0))} 100Z`;
  return { line, area, min, max, ys };
}
