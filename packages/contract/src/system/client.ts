import { z } from 'zod';
import { idField } from '../envelope.js';
import { GRANT_TYPES } from '../auth.js';

export const CLIENT_MSG = {
  idRequired: '请输入客户端编号',
  idFormat: '客户端编号只能包含字母、数字、_ 和 -,长度2到48位',
  secretWeak: '客户端密钥至少16位',
  grantRequired: '请选择授权类型',
  grantUnknown: '授权类型不受支持',
  redirectFormat: '回调地址须为 http(s) 地址或以 / 开头的路径,多个以逗号分隔',
  refreshShorter: '刷新令牌有效期不能短于访问令牌有效期',
  idExists: '客户端编号已存在',
  selfClient: '该应用是本系统网页端所用,不能删除',
} as const;

/** Our grant names and BladeX's names of the same grants (refresh_token, authorization_code), which BladeX clients list. */
export const CLIENT_GRANT_NAMES = [...GRANT_TYPES, 'refresh_token', 'authorization_code'] as const;

const redirect = z
  .string()
  .max(2000)
  .refine(
    (v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .every((u) => u.startsWith('/') || /^https?:\/\/[^\s,]+$/.test(u)),
    CLIENT_MSG.redirectFormat,
  );

export const clientSubmit = z
  .object({
    id: idField.optional(),
    version: z.coerce.number().int().min(1).optional(),
    clientId: z
      .string({ message: CLIENT_MSG.idRequired })
      .trim()
      .regex(/^[A-Za-z0-9_-]{2,48}$/, CLIENT_MSG.idFormat),
    /**
     * Required nowhere: left empty on create, a random secret is generated and shown once; on update, kept.
     * null is the masked secret a BladeX client sends back as it read it: unchanged, as empty.
     */
    clientSecret: z.string().min(16, CLIENT_MSG.secretWeak).max(200).nullish().or(z.literal('')),
    scope: z.string().trim().max(256).optional().default('all'),
    authorizedGrantTypes: z
      .string({ message: CLIENT_MSG.grantRequired })
      .min(1, CLIENT_MSG.grantRequired)
      .max(256)
      .refine((v) => v.split(',').every((g) => (CLIENT_GRANT_NAMES as readonly string[]).includes(g.trim())), CLIENT_MSG.grantUnknown),
    webServerRedirectUri: redirect.nullish(),
    resourceIds: z.string().max(256).nullish(),
    authorities: z.string().max(256).nullish(),
    additionalInformation: z.string().max(4096).nullish(),
    autoapprove: z.string().max(256).nullish(),
    accessTokenValidity: z.coerce
      .number()
      .int()
      .min(60, '访问令牌有效期至少60秒')
      .max(86400 * 30, '访问令牌有效期不能超过30天')
      .default(3600),
    refreshTokenValidity: z.coerce
      .number()
      .int()
      .min(60)
      .max(86400 * 365, '刷新令牌有效期不能超过365天')
      .default(604800),
    status: z
      .union([z.literal(0), z.literal(1)])
      .optional()
      .default(1),
  })
  .strict()
  .refine((c) => c.refreshTokenValidity >= c.accessTokenValidity, { message: CLIENT_MSG.refreshShorter, path: ['refreshTokenValidity'] });
export type ClientSubmit = z.infer<typeof clientSubmit>;

/** A client as list, detail and submit answer it (never its stored secret). */
export const clientRecord = z.object({
  id: z.string(),
  clientId: z.string(),
  /** Always null in lists; the generated secret of a new client in its submit answer. */
  clientSecret: z.string().nullable(),
  scope: z.string(),
  authorizedGrantTypes: z.string(),
  webServerRedirectUri: z.string().nullable(),
  resourceIds: z.string().nullable(),
  authorities: z.string().nullable(),
  additionalInformation: z.string().nullable(),
  autoapprove: z.string().nullable(),
  accessTokenValidity: z.number(),
  refreshTokenValidity: z.number(),
  /** 1 enabled (the client may sign in), 0 disabled. */
  status: z.number(),
  version: z.number(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type ClientView = z.infer<typeof clientRecord>;
