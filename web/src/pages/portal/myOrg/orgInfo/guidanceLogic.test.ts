import { describe, expect, it } from 'vitest';
import { MYORG_GUIDE_FIELDS } from '@gsl/contract';
import { guideProgress, guideSteps, missingLabels, resumeAt } from './guidanceLogic';

const all = Object.fromEntries(MYORG_GUIDE_FIELDS.map((f) => [f, f === 'level' ? 2 : 'x']));

describe('填报指引', () => {
  it('walks the profile’s parts, then the address book, then 完成', () => {
    const steps = guideSteps({}, { addressBookCount: 0 });
    expect(steps.map((s) => s.title)).toEqual(['基本信息', '组织简介', '联系方式', '通讯录', '完成']);
    expect(steps.every((s) => !s.done)).toBe(true);
    expect(resumeAt(steps)).toBe(0);
    expect(guideProgress(steps)).toBe(0);
  });

  it('resumes at the first step still missing something; blank text is missing', () => {
    const basicDone = Object.fromEntries(guideSteps({}, { addressBookCount: 0 })[0].fields.map((f) => [f, 'x']));
    const steps = guideSteps({ ...basicDone, introduction: '  ' }, { addressBookCount: 3 });
    expect(steps[0].done).toBe(true);
    expect(steps[1]).toMatchObject({ done: false, filled: 0 });
    expect(steps[3].done).toBe(true);
    expect(resumeAt(steps)).toBe(1);
    expect(missingLabels({ ...basicDone })).toContain('简介');
    expect(missingLabels({ ...basicDone })).not.toContain('组织名称');
  });

  it('is done when every field is filled and someone is in the address book', () => {
    expect(resumeAt(guideSteps(all, { addressBookCount: 0 }))).toBe(3);
    const steps = guideSteps(all, { addressBookCount: 1 });
    expect(steps.at(-1)!.done).toBe(true);
    expect(resumeAt(steps)).toBe(4);
    expect(guideProgress(steps)).toBe(100);
    expect(missingLabels(all)).toEqual([]);
  });
});
