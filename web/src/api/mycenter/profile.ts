import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AttachUploaded,
  BindMobile,
  CurrentMobileCodeView,
  Envelope,
  LoginLogView,
  MyProfileUpdate,
  MyProfileView,
  PageResult,
  currentMobileVerified,
} from '@gsl/contract';
import { emptyPage, type ListQuery } from '../crud';
import { uploadFile } from '../files';
import { get, request } from '../http';
import { smsCode } from '../message/message';

/**
 * 个人中心 (specification §7 "Users"; server/src/modules/user/profile), every call on the caller's own account:
 *   GET  /api/aoc-service/userProfile/info            → the own profile (phone masked)
 *   POST /api/aoc-service/userProfile/update          { version, realName, name, sex, email, avatar } → 更新成功
 *   POST /api/blade-resource/oss/endpoint/put-file-attach?category=avatar   the avatar (jpg/png ≤ 500 KB)
 *   POST /api/msg-center/sms/code                     { mobile } → a code to a new number
 *   POST /api/blade-user/mobile/current/code          → a code to the number bound now (更换手机号, step 1)
 *   POST /api/blade-user/mobile/current/validate      { code } → step 1 done for a few minutes
 *   POST /api/blade-user/mobile                       { mobile, code } → bound / changed
 *   GET  /api/blade-user/login-log/own                current, size, success → the own sign-ons, newest first
 * The password is changed with update-password (api/system/user: updateOwnPassword).
 */
const PROFILE = '/api/aoc-service/userProfile';
const MOBILE = '/api/blade-user/mobile';

export const myCenterKeys = {
  all: ['mycenter'] as const,
  profile: ['mycenter', 'profile'] as const,
  logins: (query: ListQuery) => ['mycenter', 'logins', query] as const,
};

export type { CurrentMobileCodeView, LoginLogView, MyProfileView };

/** What a write answers: its data and the server's message. */
export interface Answered<T> {
  data: T;
  msg: string;
}

async function postAnswer<T>(url: string, body?: unknown): Promise<Answered<T>> {
  const envelope = await request<Envelope<T>>(url, { method: 'POST', body });
  return { data: envelope?.data as T, msg: envelope?.msg ?? '' };
}

export const getMyProfile = (signal?: AbortSignal) => get<MyProfileView>(`${PROFILE}/info`, undefined, { signal });

export const useMyProfile = () => useQuery({ queryKey: myCenterKeys.profile, queryFn: ({ signal }) => getMyProfile(signal) });

export const updateMyProfile = (body: MyProfileUpdate) => postAnswer<MyProfileView>(`${PROFILE}/update`, body);

/** Uploads an avatar (the server checks jpg/png and 500 KB again); answers the link the profile stores. */
export async function uploadAvatar(file: File): Promise<AttachUploaded> {
  return (await uploadFile<AttachUploaded>('/api/blade-resource/oss/endpoint/put-file-attach', file, { params: { category: 'avatar' } })).data;
}

/** A code to a number the caller is binding (the message centre's sms/code). */
export const sendCodeTo = (mobile: string) => smsCode(mobile);

export const sendCodeToCurrent = () => postAnswer<CurrentMobileCodeView>(`${MOBILE}/current/code`);

export const verifyCurrentMobile = (code: string) => postAnswer<z.infer<typeof currentMobileVerified>>(`${MOBILE}/current/validate`, { code });

export const bindMobile = (body: BindMobile) => postAnswer<MyProfileView>(MOBILE, body);

export const myLoginLog = async (query: ListQuery, signal?: AbortSignal) =>
  (await get<PageResult<LoginLogView>>('/api/blade-user/login-log/own', query, { signal })) ?? emptyPage<LoginLogView>(query);
