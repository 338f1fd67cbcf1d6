import { useCallback, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';

/** Whether the cell holding `el` cuts its content (the cell has antd's ellipsis style). */
function isCut(el: HTMLElement | null): boolean {
  const cell = el?.closest('td, th') as HTMLElement | null;
  return Boolean(cell && cell.scrollWidth > cell.clientWidth + 1);
}

/**
 * One observer for all cells of all tables: a cell is re-checked when its column's width changes.
 * (Thousands of cells on a 200-row page; one observer keeps that cheap.)
 */
const watchers = new Map<Element, () => void>();
let observer: ResizeObserver | undefined;
function watch(cell: Element, check: () => void): () => void {
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  observer ??= new ResizeObserver((entries) => entries.forEach((e) => watchers.get(e.target)?.()));
  watchers.set(cell, check);
  observer.observe(cell);
  return () => {
    watchers.delete(cell);
    observer?.unobserve(cell);
  };
}

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** Whether a cell's content is cut, and whether it then needs to be made focusable itself. */
type Cut = 'whole' | 'cut' | 'cut-control';
const cutOf = (el: HTMLElement): Cut => (!isCut(el) ? 'whole' : el.querySelector(FOCUSABLE) ? 'cut-control' : 'cut');

/**
 * A table cell's content on one line; when the column is too narrow for it, the cut text shows whole
 * in a tooltip on hover and on keyboard focus (the cell becomes focusable then, unless it holds a link
 * or button already), and Esc dismisses it (WCAG 1.4.13).
 */
export function EllipsisCell({ children }: { children: ReactNode }) {
  const span = useRef<HTMLSpanElement | null>(null);
  const [cut, setCut] = useState<Cut>('whole');
  const [open, setOpen] = useState(false);

  // Re-checked whenever the cell changes size (its column was fitted to a new width).
  const attach = useCallback((el: HTMLSpanElement | null) => {
    span.current = el;
    const cell = el?.closest('td');
    if (!el || !cell) return;
    return watch(cell, () => setCut(cutOf(el)));
  }, []);

  // measured again when asked to open: the text may have changed since the cell was last resized
  const onOpenChange = (next: boolean) => {
    const now = span.current ? cutOf(span.current) : 'whole';
    setCut(now);
    setOpen(next && now !== 'whole');
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation(); // closes the tooltip, not the dialog or drawer around the table
      setOpen(false);
    }
  };

  return (
    // the title is read when the tooltip opens (antd asks no onOpenChange of a tooltip without a title)
    <Tooltip title={() => span.current?.textContent} open={open} onOpenChange={onOpenChange} trigger={['hover', 'focus']} placement="topLeft">
      <span
        ref={attach}
        className="crud-cell-text"
        tabIndex={cut === 'cut' ? 0 : undefined}
        onKeyDown={onKeyDown}
        data-cut={cut === 'whole' ? undefined : true}
      >
        {children}
      </span>
    </Tooltip>
  );
}

type Column<Row> = ColumnsType<Row>[number];

/**
 * Data columns on one line with ellipsis and a tooltip of the whole text when cut. A column opts out
 * with `ellipsis: false` (e.g. content that should wrap).
 */
export function withEllipsis<Row>(columns: ColumnsType<Row>): ColumnsType<Row> {
  return columns.map((column): Column<Row> => {
    if (column.ellipsis === false || 'children' in column) return column;
    const { render } = column;
    const dataIndex = 'dataIndex' in column ? column.dataIndex : undefined;
    return {
      ...column,
      ellipsis: { showTitle: false },
      render: (value: unknown, row: Row, index: number) => {
        const shown = render ? render(value, row, index) : plain(dataIndex === undefined ? undefined : value);
        return <EllipsisCell>{shown as ReactNode}</EllipsisCell>;
      },
    };
  });
}

/** A raw field value as antd would show it: text and numbers as they are, anything else nothing. */
const plain = (value: unknown): ReactNode => (typeof value === 'string' || typeof value === 'number' ? value : null);
