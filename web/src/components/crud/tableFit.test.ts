import { describe, expect, it } from 'vitest';
import { actionColumnWidth, fitWidths, headerWidth, rowButtonWidth, textWidth, type FitColumn } from './tableFit';

const col = (width: number, min = width, grows = true): FitColumn => ({ width, min, grows });
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('fitWidths', () => {
  const columns = [col(52, 52, false), col(200, 120), col(100), col(150, 100), col(180, 180, false)]; // 682 comfortable, 552 at least

  it('shows every column without scrolling when they fit, the spare room going to the data columns only', () => {
    const { widths, scrollX } = fitWidths(columns, 1000, 40);
    expect(scrollX).toBeUndefined();
    expect(widths[0]).toBe(52); // 序号
    expect(widths[4]).toBe(180); // 操作
    expect(widths[1]).toBeGreaterThan(200);
    expect(sum(widths)).toBeLessThanOrEqual(1000 - 40);
    expect(sum(widths)).toBeGreaterThan(1000 - 40 - columns.length);
  });

  it('shrinks the long-text columns toward their minimum before it scrolls', () => {
    const { widths, scrollX } = fitWidths(columns, 600 + 40, 40); // 600 for the columns: between 552 and 682
    expect(scrollX).toBeUndefined();
    expect(sum(widths)).toBeLessThanOrEqual(600);
    expect(widths[1]).toBeLessThan(200);
    expect(widths[1]).toBeGreaterThanOrEqual(120);
    expect(widths[2]).toBe(100); // no minimum given: it keeps its width
    expect(widths[4]).toBe(180);
  });

  it('scrolls only when even the minimums do not fit, by exactly their width', () => {
    const { widths, scrollX } = fitWidths(columns, 500, 40);
    expect(widths).toEqual([52, 120, 100, 100, 180]);
    expect(scrollX).toBe(552 + 40);
  });

  it('keeps the comfortable widths, scrolled, while the room is not known yet', () => {
    expect(fitWidths(columns, 0, 40)).toEqual({ widths: [52, 200, 100, 150, 180], scrollX: 682 + 40 });
  });
});

describe('label widths', () => {
  it('counts CJK characters as one em and Latin ones as half', () => {
    expect(textWidth('所属机构')).toBe(56);
    expect(textWidth('IP')).toBe(16);
  });

  it('keeps room for a header’s title, padding and sort arrows', () => {
    expect(headerWidth('入会日期', false)).toBe(56 + 17);
    expect(headerWidth('入会日期', true)).toBe(56 + 17 + 18);
    expect(headerWidth(undefined, true)).toBe(0);
  });

  it('sizes 操作 from its text buttons', () => {
    expect(rowButtonWidth('编辑')).toBe(44);
    expect(rowButtonWidth('变更记录')).toBe(72);
    expect(actionColumnWidth(['编辑', '删除', '会员代表', '变更记录'])).toBe(44 + 44 + 72 + 72 + 18);
  });
});
