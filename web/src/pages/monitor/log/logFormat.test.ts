import { describe, expect, it } from 'vitest';
import { detailEntries, prettyText } from './logFormat';

describe('log 详情', () => {
  it('lists every field: known ones labelled in order, unknown ones under their own name', () => {
    const entries = detailEntries('error', {
      id: '9',
      message: 'boom',
      createTime: '2026-01-01 10:00:00',
      stackTrace: 'Error: boom\n    at x (a.js:1:2)',
      extraField: 5,
      createBy: null,
    });
    expect(entries.map((e) => e.label)).toEqual(['日志时间', '操作人', '异常信息', '堆栈信息', '日志编号', 'extraField']);
    expect(entries.find((e) => e.key === 'stackTrace')).toMatchObject({ block: true, text: 'Error: boom\n    at x (a.js:1:2)' });
    expect(entries.find((e) => e.key === 'createBy')).toMatchObject({ text: '', block: false });
    expect(entries.find((e) => e.key === 'extraField')?.text).toBe('5');
  });

  it('names 接口日志 types and durations', () => {
    const entries = detailEntries('api', { type: '2', time: 35, status: 500 });
    expect(entries.map((e) => [e.label, e.text])).toEqual([
      ['日志类型', '异常'],
      ['状态码', '500'],
      ['执行时长', '35 ms'],
    ]);
  });

  it('pretty-prints JSON params and leaves other text alone', () => {
    expect(prettyText('{"a":1,"b":[2]}')).toBe('{\n  "a": 1,\n  "b": [\n    2\n  ]\n}');
    expect(prettyText('{not json')).toBe('{not json');
    expect(prettyText('a=1&b=2')).toBe('a=1&b=2');
    expect(detailEntries('usual', { params: '{"q":"x"}' })[0].text).toBe('{\n  "q": "x"\n}');
  });
});
