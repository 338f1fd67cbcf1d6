import { describe, expect, it } from 'vitest';
import { menuOf, screensOf } from '@gsl/contract';
import { appsOf } from './myAppLogic';

const [, ...screens] = screensOf(menuOf('portal_myapp')!);

describe('业务应用', () => {
  it('offers 消息中心 to a user holding any of its buttons, and nothing to a user holding none', () => {
    expect(appsOf(screens, (c) => c === 'message_sms').map((s) => s.name)).toEqual(['消息中心']);
    expect(appsOf(screens, () => false)).toEqual([]);
  });
});
