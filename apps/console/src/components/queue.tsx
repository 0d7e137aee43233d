import type { ReactNode } from 'react';
import { messageOf } from '../lib/api';
import { Alert, cx, inputClass, labelClass } from './ui';
import { useListKeys } from './use-list-keys';

/**
 * The queue every console screen opens items from: a listbox driven by the keyboard (j / k, the
 * arrows, Home, End, Enter; useListKeys) or the mouse, rows laid out on one grid. `columns` is the
 * whole Tailwind class (`grid-cols-[…]`), written out by the caller so Tailwind sees it.
 */
export function QueueList<T>({
  items,
  keyOf,
  idPrefix,
  name,
  help,
  columns,
  header,
  onOpen,
  renderRow,
  rowClassName = 'items-center py-2',
}: {
  items: readonly T[];
  keyOf: (item: T) => string | number;
  /** Prefix of the options' ids (`<prefix>-item-<i>`), and of the help line's (`<prefix>-list-help`). */
  idPrefix: string;
  /** The listbox's accessible name: a visible heading's id, or a label. */
  name: { labelledBy: string } | { label: string };
  /** What the keys do, e.g. 'j / k or the arrow keys move, Enter opens a deposit.' */
  help: string;
  columns: string;
  /** Column titles above the rows (hidden from screen readers: each option reads as one line). */
  header?: readonly ReactNode[];
  onOpen: (item: T, index: number) => void;
  renderRow: (item: T) => ReactNode;
  rowClassName?: string;
}) {
  const list = useListKeys(items.length, (i) => items[i] !== undefined && onOpen(items[i], i), idPrefix);
  const helpId = `${idPrefix}-list-help`;
  return (
    <>
      <p className="mb-1 text-xs text-slate-600" id={helpId}>
        {help}
      </p>
      {header ? (
        <div
          aria-hidden="true"
          className={cx('grid gap-2 px-3 pb-1 text-xs font-semibold text-slate-700', columns)}
        >
          {header.map((title, i) => (
            <span key={i}>{title}</span>
          ))}
        </div>
      ) : null}
      <ul
        role="listbox"
        {...('labelledBy' in name ? { 'aria-labelledby': name.labelledBy } : { 'aria-label': name.label })}
        aria-describedby={helpId}
        className="divide-y divide-slate-200 rounded border border-slate-300 bg-white"
        {...list.listProps}
      >
        {items.map((item, i) => (
          <li
            key={keyOf(item)}
            id={list.optionId(i)}
            role="option"
            aria-selected={i === list.active}
            onClick={() => {
              list.setActive(i);
              onOpen(item, i);
            }}
            className={cx(
              'grid cursor-pointer gap-2 px-3 text-sm',
              columns,
              rowClassName,
              i === list.active && 'bg-accent-50 outline outline-2 -outline-offset-2 outline-accent-600',
            )}
          >
            {renderRow(item)}
          </li>
        ))}
      </ul>
    </>
  );
}

/** A labelled select that filters a queue. */
export function FilterSelect<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
  className,
}: {
  id: string;
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as V)} className={inputClass}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A queue beside the item it opened: the success notice of the last decision, the query's
 * loading and error states, the titled list (or what an empty one says), and the opened item's
 * detail (or what to do to open one).
 */
export function QueueWithDetail({
  query,
  loadingText,
  notice,
  title,
  titleId,
  empty,
  columns,
  list,
  detail,
  placeholder,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  loadingText: string;
  notice: string | null;
  title: string;
  titleId: string;
  /** What the list says with nothing in it; the list otherwise. */
  empty: string | null;
  /** The grid of list and detail, e.g. 'grid-cols-[minmax(0,1fr)_30rem]'. */
  columns: string;
  list: ReactNode;
  detail: ReactNode;
  placeholder: string;
}) {
  return (
    <>
      {notice ? (
        <div className="mb-3">
          <Alert tone="success">{notice}</Alert>
        </div>
      ) : null}
      {query.isPending ? (
        <p role="status">{loadingText}</p>
      ) : query.isError ? (
        <Alert>{messageOf(query.error)}</Alert>
      ) : (
        <div className={cx('grid gap-4', columns)}>
          <div>
            <h2 className="mb-1 text-base font-semibold" id={titleId}>
              {title}
            </h2>
            {empty !== null ? (
              <p className="rounded border border-slate-300 bg-white p-3 text-sm text-slate-700">{empty}</p>
            ) : (
              list
            )}
          </div>
          {detail ?? <p className="text-sm text-slate-600">{placeholder}</p>}
        </div>
      )}
    </>
  );
}
