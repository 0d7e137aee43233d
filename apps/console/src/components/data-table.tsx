import type { ReactNode } from 'react';
import { cx } from './ui';

export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Figures: right-aligned, tabular digits. */
  numeric?: boolean;
  className?: string;
}

/**
 * A table of rows by columns, in the console's two looks: `list` (a bordered table of items, e.g.
 * the funds) and `detail` (the lines of a preview, inside a card). The label names it for screen
 * readers; a caption, when given, shows it too.
 */
export function DataTable<T>({
  label,
  caption,
  rows,
  rowKey,
  columns,
  look = 'detail',
  rowClassName,
}: {
  label: string;
  caption?: ReactNode;
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  columns: readonly Column<T>[];
  look?: 'list' | 'detail';
  rowClassName?: (row: T) => string | false | undefined;
}) {
  const cell = look === 'list' ? 'px-3 py-2' : 'py-1';
  const align = (c: Column<T>) => cx(cell, c.numeric && 'text-right tabular-nums', c.className);
  return (
    <table
      className={cx('w-full text-sm', look === 'list' && 'rounded border border-slate-300 bg-white')}
      aria-label={label}
    >
      {caption ? <caption className="mb-1 text-left font-semibold">{caption}</caption> : null}
      <thead className={cx('text-left text-slate-700', look === 'list' && 'bg-slate-50')}>
        <tr>
          {columns.map((c, i) => (
            <th key={i} className={cx(cell, c.numeric && 'text-right')}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName?.(row) || undefined}>
            {columns.map((c, i) => (
              <td key={i} className={align(c)}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
