import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { splitPageQuery } from '../../../api/crud';
import type { VersionLogView } from '../../../api/system/versionLog';
import { versionLogBody, versionLogFormValues } from './versionLogLogic';

describe('version log page call', () => {
  it('puts paging in the query and the filters in the body', () => {
    expect(splitPageQuery({ current: 2, size: 30, title: '修复', updateType: 3, publishTime_dategt: '2026-01-01 00:00:00', versionNo: undefined })).toEqual({
      params: { current: 2, size: 30 },
      body: { title: '修复', updateType: 3, publishTime_dategt: '2026-01-01 00:00:00' },
    });
  });
});

describe('version log form', () => {
  const row: VersionLogView = {
    id: '1',
    versionNo: '1.2.3',
    title: 't',
    content: 'c',
    updateType: 2,
    updateTypeName: '优化',
    publishTime: '2026-03-04 05:06:07',
    version: 1,
  };

  it('edits 发布时间 as a date-time and sends it as yyyy-MM-dd HH:mm:ss', () => {
    const values = versionLogFormValues(row);
    expect(dayjs.isDayjs(values.publishTime)).toBe(true);
    expect(versionLogBody(values)).toEqual({ versionNo: '1.2.3', title: 't', updateType: 2, content: 'c', publishTime: '2026-03-04 05:06:07' });
  });

  it('leaves 发布时间 out when it is empty', () => {
    expect(versionLogFormValues({ ...row, publishTime: null }).publishTime).toBeUndefined();
    expect(versionLogBody({ title: 't', publishTime: null })).toEqual({ title: 't' });
    expect(versionLogBody({ title: 't', publishTime: undefined })).toEqual({ title: 't' });
  });
});
