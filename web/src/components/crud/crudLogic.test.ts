import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { clampPage, dateRangeFilters, listQuery, pickFields, rowIndex, sameFilters, selectionGuard, submitBody, toSearchFilters } from './crudLogic';

describe('search filters (specification §5: empty fields are dropped)', () => {
  it('keeps trimmed text and drops blank, null and undefined values', () => {
    expect(toSearchFilters({ paramName: '  ', paramKey: ' portal. ', paramValue: undefined, remark: null, n: 0, flag: false })).toEqual({
      paramKey: 'portal.',
      n: 0,
      flag: false,
    });
  });

  it('drops values that are no filter (lists, objects, NaN)', () => {
    expect(toSearchFilters({ a: [], b: {}, c: Number.NaN, d: 'x' })).toEqual({ d: 'x' });
  });

  it('turns the date range into createTime_dategt / createTime_datelt covering whole days', () => {
    const range = [dayjs('2026-03-01 15:20'), dayjs('2026-03-31 08:00')];
    expect(toSearchFilters({ paramName: '', createTime: range }, 'createTime')).toEqual({
      createTime_dategt: '2026-03-01 00:00:00',
      createTime_datelt: '2026-04-01 00:00:00',
    });
  });

  it('sends only the given end of an open range, and nothing for an empty one', () => {
    expect(dateRangeFilters('createTime', [null, dayjs('2026-12-31')])).toEqual({ createTime_datelt: '2027-01-01 00:00:00' });
    expect(dateRangeFilters('createTime', [dayjs('2026-01-02'), null])).toEqual({ createTime_dategt: '2026-01-02 00:00:00' });
    expect(dateRangeFilters('createTime', null)).toEqual({});
    expect(toSearchFilters({ createTime: undefined }, 'createTime')).toEqual({});
  });

  it('compares filter sets by content', () => {
    expect(sameFilters({ a: 'x', b: 1 }, { b: 1, a: 'x' })).toBe(true);
    expect(sameFilters({ a: 'x' }, { a: 'y' })).toBe(false);
    expect(sameFilters({ a: 'x' }, { a: 'x', b: 1 })).toBe(false);
    expect(sameFilters({}, {})).toBe(true);
  });

  it('puts the page after the filters in the list query', () => {
    expect(listQuery({ paramKey: 'k' }, { current: 3, size: 30 })).toEqual({ paramKey: 'k', current: 3, size: 30 });
  });
});

describe('row index and paging', () => {
  it('continues the 序号 across pages', () => {
    expect(rowIndex(1, 10, 0)).toBe(1);
    expect(rowIndex(2, 10, 0)).toBe(11);
    expect(rowIndex(3, 30, 4)).toBe(65);
  });

  it('goes back to the last page when a page beyond it came back empty', () => {
    expect(clampPage(3, 10, 20, 0)).toBe(2);
    expect(clampPage(5, 10, 11, 0)).toBe(2);
    expect(clampPage(3, 10, 21, 1)).toBeUndefined(); // the page has rows
    expect(clampPage(1, 10, 0, 0)).toBeUndefined(); // nothing at all: page 1 stays
    expect(clampPage(2, 10, 0, 0)).toBeUndefined(); // no rows anywhere: nothing better to show
  });
});

describe('selection guard (specification §5)', () => {
  it('asks for at least one row', () => {
    expect(selectionGuard([])).toBe('请选择至少一条数据');
    expect(selectionGuard(['1'])).toBeNull();
  });
});

describe('submit body', () => {
  it('adds: only the form values', () => {
    expect(submitBody({ paramName: 'a' }, undefined, 'id')).toEqual({ paramName: 'a' });
  });

  it('updates: id and the version the row was read at, whatever the form holds', () => {
    const row = { id: '7', version: 3, paramName: 'old' };
    expect(submitBody({ paramName: 'new', id: 'x', version: 9 }, row, 'id')).toEqual({ paramName: 'new', id: '7', version: 3 });
  });

  it('updates a record without a version with its id only', () => {
    expect(submitBody({ name: 'n' }, { code: 'c1' }, 'code')).toEqual({ name: 'n', code: 'c1' });
  });

  it('picks the dialog fields from a row', () => {
    expect(pickFields({ id: '1', paramName: 'n', remark: null }, ['paramName', 'remark', 'missing'])).toEqual({
      paramName: 'n',
      remark: undefined,
      missing: undefined,
    });
  });
});
