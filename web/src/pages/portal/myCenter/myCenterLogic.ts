import { useCallback, useEffect, useRef, useState } from 'react';
import { AVATAR_MSG, AVATAR_RULE, USER_MSG, phoneProblem, type MyProfileUpdate, type MyProfileView } from '@gsl/contract';

/**
 * The rules of 个人中心's forms (specification §5): the avatar checked before it is uploaded, the phone
 * by its three messages, the e-mail's format, and what a save sends.
 */

/** §5 avatar: jpg or png only, at most 500 KB; the message, or null when the file may go up. */
export function avatarProblem(file: { name: string; type?: string; size: number }): string | null {
  const ext = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  const typeOk = !file.type || (AVATAR_RULE.types as readonly string[]).includes(file.type);
  if (!file.name.includes('.') || !(AVATAR_RULE.extensions as readonly string[]).includes(ext) || !typeOk) return AVATAR_MSG.type;
  if (file.size > AVATAR_RULE.maxBytes) return AVATAR_MSG.size;
  return null;
}

/** The §5 phone rule as a form rule: 手机号码不能为空, 手机号码长度不为11位, 手机号码格式不正确, in that order. */
export const PHONE_RULES = [
  {
    validator: async (_rule: unknown, value: unknown) => {
      const problem = phoneProblem(typeof value === 'string' ? value : '');
      if (problem) throw new Error(problem);
    },
  },
];

export const CODE_RULES = [
  { required: true, message: '请输入验证码' },
  { pattern: /^\d{6}$/, message: '验证码为6位数字' },
];

export const EMAIL_RULES = [{ type: 'email' as const, message: USER_MSG.emailFormat }];

/** The fields of the 基本信息 form. */
export interface ProfileForm {
  realName: string;
  name?: string | null;
  sex?: number | null;
  email?: string | null;
  avatar?: string | null;
}

export const profileFormOf = (p: MyProfileView): ProfileForm => ({ realName: p.realName ?? '', name: p.name, sex: p.sex, email: p.email, avatar: p.avatar });

/** What 保存 sends: the version read and the fields (an emptied optional field as '', which clears it). */
export function profileUpdateOf(form: ProfileForm, current: MyProfileView): MyProfileUpdate {
  const text = (v: string | null | undefined) => (v ?? '').trim();
  return {
    version: current.version,
    realName: text(form.realName),
    name: text(form.name),
    email: text(form.email),
    sex: (form.sex ?? null) as MyProfileUpdate['sex'],
    // The avatar only when it changed: the stored one may be a link set elsewhere, kept as it is.
    ...((form.avatar ?? null) !== (current.avatar ?? null) ? { avatar: form.avatar ?? '' } : {}),
  };
}

/** The 获取验证码 button's text while the resend wait lasts. */
export const codeButtonText = (left: number) => (left > 0 ? `${left}秒后重新获取` : '获取验证码');

/** A countdown in whole seconds (the 60 s between two codes): `start(n)` begins it, `left` is what remains. */
export function useCountdown() {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }, []);
  const start = useCallback(
    (seconds: number) => {
      stop();
      const until = Date.now() + seconds * 1000;
      setLeft(seconds);
      timer.current = setInterval(() => {
        const rest = Math.max(0, Math.ceil((until - Date.now()) / 1000));
        setLeft(rest);
        if (!rest) stop();
      }, 1000);
    },
    [stop],
  );
  useEffect(() => stop, [stop]);
  return { left, start };
}

/** The wait a refused code request names (验证码发送过于频繁,请N秒后再试), so the button counts it down too. */
export function waitOf(message: string): number | null {
  const m = /请(\d+)秒后再试/.exec(message);
  return m ? Number(m[1]) : null;
}

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\/([\d]+)/, 'Edge'],
  [/MicroMessenger\/([\d]+)/, '微信'],
  [/(?:OPR|Opera)\/([\d]+)/, 'Opera'],
  [/Firefox\/([\d]+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/([\d]+)/, 'Chrome'],
  [/Version\/([\d]+).*Safari\//, 'Safari'],
  [/(?:MSIE |Trident\/.*rv:)([\d]+)/, 'IE'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** The client of a sign-on as a person reads it (Chrome 120 · Windows), from its User-Agent; '-' when unknown. */
export function clientOf(userAgent: string | null | undefined): string {
  if (!userAgent) return '-';
  const browser = BROWSERS.map(([re, name]) => {
    const m = re.exec(userAgent);
    return m ? `${name} ${m[1]}` : null;
  }).find(Boolean);
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  const parts = [browser, system].filter(Boolean);
  return parts.length ? parts.join(' · ') : userAgent.slice(0, 40);
}

/** 登录信息's result filter → the list query. */
export type LoginResultFilter = 'all' | '1' | '0';
export const LOGIN_RESULT_FILTERS: Array<{ value: LoginResultFilter; label: string }> = [
  { value: 'all', label: '全部' },
  { value: '1', label: '成功' },
  { value: '0', label: '失败' },
];
export const loginQueryOf = (filter: LoginResultFilter, page: { current: number; size: number }) => ({
  ...page,
  ...(filter === 'all' ? {} : { success: filter }),
});
