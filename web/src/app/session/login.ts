import { loginByCode } from '../../api/auth';
import { getStore } from '../../utils/storage';
import { saveTokenAnswer } from '../../utils/sessionStore';
import { resetLoopGuard, takeReturnPath } from './signOn';

/**
 * Exchanges a one-time sign-on code for tokens. Codes work once, so concurrent callers (React's
 * strict-mode double effects, a re-render) share one exchange per code.
 */
const exchanges = new Map<string, Promise<void>>();

export function exchangeCode(code: string): Promise<void> {
  let exchange = exchanges.get(code);
  if (!exchange) {
    exchange = loginByCode(code).then((answer) => {
      saveTokenAnswer(answer);
      resetLoopGuard();
    });
    exchanges.set(code, exchange);
  }
  return exchange;
}

/**
 * Where a fresh login lands: the page a signed-out visitor asked for (README deviation 32), else
 * /welcome the first time in this browser tab, then / (specification §4). Reading it forgets the page.
 */
export const WELCOME_FLAG = 'welcome';
export const afterLoginPath = (): string => takeReturnPath() ?? (getStore<boolean>(WELCOME_FLAG) ? '/' : '/welcome');
