import { z } from 'zod';

/** mem-service/mini/common/js-sdk/signature (specification §7): wx.config's fields for the page at `url`. */
export const JSSDK_MSG = {
  urlRequired: '请提供当前页面地址',
  urlBad: '页面地址应为以 http:// 或 https:// 开头的完整地址',
} as const;

export const jsSdkQuery = z.object({
  url: z
    .string({ message: JSSDK_MSG.urlRequired })
    .trim()
    .min(1, JSSDK_MSG.urlRequired)
    .max(1000, JSSDK_MSG.urlBad)
    .regex(/^https?:\/\/\S+$/, JSSDK_MSG.urlBad),
});

export const jsSdkRecord = z.object({ appId: z.string(), timestamp: z.number(), nonceStr: z.string(), signature: z.string(), url: z.string() });
export type JsSdkView = z.infer<typeof jsSdkRecord>;

export const JSSDK_PATH = '/api/mem-service/mini/common/js-sdk/signature';
