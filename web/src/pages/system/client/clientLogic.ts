import type { FormRule } from 'antd';
import { CLIENT_MSG } from '@gsl/contract';
import type { FieldSchema } from '../../../components/crud/schemaRule';
import type { ClientView } from '../../../api/system/client';

/** Token lifetimes of a new client (the contract's defaults: one hour, one week). */
export const DEFAULT_ACCESS_SECONDS = 3600;
export const DEFAULT_REFRESH_SECONDS = 604800;

/** 'a, b,,c' → ['a', 'b', 'c'] (授权类型 are stored comma-separated, chosen as a list). */
export const splitList = (value: string | null | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * One rule: a blank value says `message`, anything else is checked by the contract's schema — so an
 * emptied field says 请输入… rather than the format message.
 */
export function requiredThen(message: string, schema?: FieldSchema): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (blank(value) || (Array.isArray(value) && value.length === 0)) throw new Error(message);
      if (!schema) return;
      const result = schema.safeParse(value);
      if (!result.success) throw new Error(result.error?.issues[0]?.message ?? '输入内容不正确');
    },
  };
}

/** 刷新令牌时效 may not be shorter than 访问令牌时效 (the contract's refine). */
export const refreshNotShorter: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    const access = Number(getFieldValue('accessTokenValidity'));
    if (!blank(value) && Number.isFinite(access) && Number(value) < access) throw new Error(CLIENT_MSG.refreshShorter);
  },
});

/** The dialog's values of a client: the grant types as a list, no secret (it is never answered). */
export function clientFormValues(row: ClientView): Record<string, unknown> {
  return {
    clientId: row.clientId,
    scope: row.scope,
    authorizedGrantTypes: splitList(row.authorizedGrantTypes),
    webServerRedirectUri: row.webServerRedirectUri ?? undefined,
    resourceIds: row.resourceIds ?? undefined,
    authorities: row.authorities ?? undefined,
    additionalInformation: row.additionalInformation ?? undefined,
    autoapprove: row.autoapprove ?? undefined,
    accessTokenValidity: row.accessTokenValidity,
    refreshTokenValidity: row.refreshTokenValidity,
    status: row.status,
  };
}

/**
 * The submit body from the dialog: grant types comma-separated; an empty secret is left out (a new
 * client then gets a generated one, an edited client keeps its own); blank optional texts are sent as
 * null (cleared).
 */
export function clientBody(values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (key === 'authorizedGrantTypes') body[key] = Array.isArray(value) ? value.join(',') : value;
    else if (key === 'clientSecret') {
      if (typeof value === 'string' && value !== '') body[key] = value;
    } else if (key === 'clientId' || key === 'scope') {
      const trimmed = String(value).trim();
      if (trimmed) body[key] = trimmed; // a blank scope takes the default, all
    } else if (typeof value === 'string') body[key] = value.trim() === '' ? null : value;
    else body[key] = value;
  }
  return body;
}
