/** Plain-text helpers for ops command output. */

export function table(headers: string[], rows: (string | number | boolean | null | undefined)[][]): string {
  if (rows.length === 0) return '(none)';
  const cells = rows.map((r) => r.map((c) => (c === null || c === undefined || c === '' ? '-' : String(c))));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

export function keyValues(pairs: [string, unknown][]): string {
  const width = Math.max(...pairs.map(([k]) => k.length));
  return pairs
    .map(([k, v]) => `${k.padEnd(width)}  ${v === null || v === undefined || v === '' ? '-' : String(v)}`)
    .join('\n');
}

export const isoMinute = (d: Date | null | undefined) =>
  d ? d.toISOString().slice(0, 16).replace('T', ' ') : '';
