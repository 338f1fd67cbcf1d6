import { describe, expect, it } from 'vitest';
import { MESSAGE_MSG, sourceSubmit } from '@gsl/contract';
import { ruleProblem } from '../../../../test/rules';
import { schemaRule } from '../../../components/crud/schemaRule';
import { QUIET_PAIR_MSG, quietPairProblem, quotaUse, sourceBody, sourceFormValues } from './sourceLogic';

const SOURCE = {
  deptId: '1201',
  unionId: null,
  deptName: '南京市工商联',
  signName: '南京工商联',
  dailyQuota: 1000,
  usedToday: 250,
  remainingToday: 750,
  quietStart: '21:00',
  quietEnd: '08:00',
  configured: true,
};

describe('短信签名与额度', () => {
  it('shows today’s use as a share of the quota, warning near the end and refusing when used up', () => {
    expect(quotaUse(SOURCE)).toEqual({ percent: 25, status: 'normal', text: '250/1000 条' });
    expect(quotaUse({ dailyQuota: 1000, usedToday: 850, remainingToday: 150 }).status).toBe('active');
    expect(quotaUse({ dailyQuota: 3, usedToday: 3, remainingToday: 0 })).toEqual({ percent: 100, status: 'exception', text: '3/3 条(已用完)' });
    expect(quotaUse({ dailyQuota: 0, usedToday: 0, remainingToday: 0 }).percent).toBe(100);
  });

  it('fills the form from the answer and sends it back trimmed', () => {
    const values = sourceFormValues({ ...SOURCE, signName: null, quietStart: null, quietEnd: null });
    expect(values).toEqual({ signName: '', dailyQuota: 1000, quietStart: '', quietEnd: '' });
    expect(sourceBody('1201', { signName: ' 南京工商联 ', dailyQuota: 500, quietStart: ' 22:00', quietEnd: '07:30 ' })).toEqual({
      deptId: '1201',
      signName: '南京工商联',
      dailyQuota: 500,
      quietStart: '22:00',
      quietEnd: '07:30',
    });
  });

  it('says what the server says about a bad quota, signature or time, and asks for both quiet times or neither', async () => {
    const shape = sourceSubmit.shape;
    expect(await ruleProblem(schemaRule(shape.dailyQuota), -1)).toBe(MESSAGE_MSG.quotaRange);
    expect(await ruleProblem(schemaRule(shape.dailyQuota), 1.5)).toBe(MESSAGE_MSG.quotaRange);
    expect(await ruleProblem(schemaRule(shape.signName), '一二三四五六七八九十一二三四五六七八九十一')).toBe(MESSAGE_MSG.signTooLong);
    expect(await ruleProblem(schemaRule(shape.quietStart), '25:00')).toBe(MESSAGE_MSG.quietFormat);
    expect(await ruleProblem(schemaRule(shape.quietStart), '')).toBeNull();
    expect(quietPairProblem('21:00', '')).toBe(QUIET_PAIR_MSG);
    expect(quietPairProblem('', '  ')).toBeNull();
    expect(quietPairProblem('21:00', '08:00')).toBeNull();
  });
});
