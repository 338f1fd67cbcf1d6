import { useCallback, useMemo, useState } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { DEFAULT_WIDTH, SELECTION_WIDTH, fitWidths, headerWidth, type FitColumn } from './tableFit';

/** Columns that keep their width (序号, 操作); every other column takes a share of spare room. */
const RIGID = new Set(['__index', '__actions']);

/** The table's outer border (left and right), not room for columns. */
const TABLE_BORDER = 2;

/**
 * The width of an element, followed as it changes (window, side menu, a panel beside the table): a
 * callback ref, measured when the element is attached (before it is painted) and on every resize. A
 * hidden element (a kept-alive tab in the background) keeps its last width.
 */
function useWidth<E extends HTMLElement>(): [(el: E | null) => (() => void) | undefined, number] {
  const [width, setWidth] = useState(0);
  const measure = useCallback((el: E | null) => {
    if (!el) return undefined;
    const read = () => {
      const w = el.clientWidth;
      if (w > 0) setWidth(w);
    };
    read();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [measure, width];
}

/**
 * Fits a table's columns to the width of the element given `measure` as its ref (see tableFit.ts):
 * all columns shown without scrolling when they fit — long-text columns (with `minWidth`) give way
 * first — and a horizontal scroll of exactly their width only when they cannot. Headers always keep
 * room for their whole title and sort arrows. `selection`: the table has a checkbox column
 * (SELECTION_WIDTH wide).
 */
export function useTableFit<Row>(columns: ColumnsType<Row>, selection: boolean) {
  const [measure, available] = useWidth<HTMLDivElement>();
  const fitted = useMemo(() => {
    const specs: FitColumn[] = columns.map((c) => {
      const header = headerWidth(c.title, Boolean(c.sorter));
      const width = Math.max(typeof c.width === 'number' ? c.width : DEFAULT_WIDTH, header);
      const min = Math.max(Math.min(c.minWidth ?? width, width), header);
      return { width, min, grows: !RIGID.has(String(c.key)) };
    });
    const { widths, scrollX } = fitWidths(specs, available > 0 ? available - TABLE_BORDER : 0, selection ? SELECTION_WIDTH : 0);
    // minWidth is ours (antd reads it only in its auto layout); a table that does not scroll needs no
    // sticky 操作 (nor the shadow antd draws beside it)
    const out = columns.map(({ minWidth: _minWidth, ...c }, i) => ({
      ...c,
      width: widths[i],
      ...(scrollX === undefined ? { fixed: undefined } : {}),
    })) as ColumnsType<Row>;
    return { columns: out, scroll: scrollX === undefined ? undefined : { x: scrollX } };
  }, [columns, available, selection]);
  return { measure, ...fitted };
}
