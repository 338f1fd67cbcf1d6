/**
 * Column widths of the list tables. Staff work on 1440-px screens: a table should show all of its
 * columns at once when they can fit, shrink its long-text columns (ellipsis and a tooltip) before it
 * scrolls, and scroll sideways only when even that is not enough — never let the fixed 操作 column
 * cover data the user cannot scroll to without knowing.
 */

/** A cell's horizontal padding (8px each side, `middle` size) and its border. */
export const CELL_CHROME = 17;
/** The sort arrows of a sortable header, with their gap. */
const SORTER = 18;
/** Width of the selection (checkbox) column: the 16px box and its padding. */
export const SELECTION_WIDTH = 40;
/** Width of the 序号 column (up to four digits). */
export const INDEX_WIDTH = 52;
/** Width given to a column that states none. */
export const DEFAULT_WIDTH = 140;

/**
 * The drawn width of a short label at the 14px table font: CJK characters are one em wide in every
 * CJK font, Latin letters and digits about half. An estimate for headers and button labels, which are
 * Chinese; cell contents are never estimated (they get ellipsis instead).
 */
export function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += (ch.codePointAt(0) ?? 0) >= 0x2e80 ? 14 : 8;
  return w;
}

/** The width a header needs to show its whole title (and sort arrows) without ellipsis. */
export function headerWidth(title: unknown, sortable: boolean): number {
  if (typeof title !== 'string') return 0;
  return textWidth(title) + CELL_CHROME + (sortable ? SORTER : 0);
}

/** Width of a row's text button (a small link button: 7px padding and a 1px border each side). */
export const rowButtonWidth = (label: string) => textWidth(label) + 16;

/** Width of an 操作 column holding these text buttons side by side. */
export const actionColumnWidth = (labels: readonly string[]) => labels.reduce((w, l) => w + rowButtonWidth(l), 0) + CELL_CHROME + 1;

export interface FitColumn {
  /** The comfortable width. */
  width: number;
  /** The narrowest acceptable width (≤ width); equal to width for a column that must not shrink. */
  min: number;
  /** Whether the column takes a share of spare room (data columns do; 序号 and 操作 keep their width). */
  grows: boolean;
}

export interface Fit {
  widths: number[];
  /** The table's scroll width, set only when the columns cannot fit. */
  scrollX?: number;
}

/**
 * Widths for the room available (the table's inner width; 0 or undefined while unknown):
 * - everything fits at its comfortable width → spare room goes to the growing columns, no scroll;
 * - it fits between the minimums and the comfortable widths → every column gives up the same share of
 *   what it could give, no scroll;
 * - it does not fit even at the minimums → minimum widths and a horizontal scroll of their sum.
 * `fixedWidth` is taken by columns outside the list (the selection column).
 */
export function fitWidths(columns: readonly FitColumn[], available: number | undefined, fixedWidth = 0): Fit {
  const room = (available ?? 0) - fixedWidth;
  const comfortable = sum(columns.map((c) => c.width));
  const minimum = sum(columns.map((c) => Math.min(c.min, c.width)));
  if (!available || available <= 0) return { widths: columns.map((c) => c.width), scrollX: comfortable + fixedWidth };
  if (comfortable <= room) {
    const growing = sum(columns.filter((c) => c.grows).map((c) => c.width));
    const spare = room - comfortable;
    return { widths: columns.map((c) => (c.grows && growing ? Math.floor(c.width + (spare * c.width) / growing) : c.width)) };
  }
  if (minimum <= room) {
    const share = (room - minimum) / (comfortable - minimum);
    return { widths: columns.map((c) => Math.floor(Math.min(c.min, c.width) + (c.width - Math.min(c.min, c.width)) * share)) };
  }
  const widths = columns.map((c) => Math.min(c.min, c.width));
  return { widths, scrollX: sum(widths) + fixedWidth };
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
