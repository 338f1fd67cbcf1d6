import { useMemo } from 'react';
import { useLocation } from 'react-router';

/**
 * The query parameters of the second front end's pages (specification §2 "Embedded AI pages"): des,
 * unionId, deptId, cocId, cocNoLog, previewId, isPublish, watermark, noEdit, userId and jurisdiction
 * (base64). `token` never reaches a page: modelEntry.ts takes it out of the address first.
 *
 * jurisdiction is what the opener says the viewer may see, as base64 (standard or URL-safe) of a UTF-8
 * JSON object, e.g. {"deptId":"1123598813738675201"}. It is decoded and checked for shape here and only
 * ever narrows what a page asks for (its deptId is the page's org when none is given); it is never
 * trusted: every call is answered inside the viewer's own data scope on the server, whatever it says.
 */
export const MODEL_QUERY_MSG = {
  jurisdictionInvalid: '地址中的 jurisdiction 参数无法识别,已忽略;页面按您本人的数据权限显示',
} as const;

export interface Jurisdiction {
  deptId?: string;
  [key: string]: unknown;
}

export interface ModelQuery {
  des?: string;
  unionId?: string;
  /** The org the page is about: deptId, else cocId, else jurisdiction's deptId. */
  deptId?: string;
  cocId?: string;
  cocNoLog: boolean;
  previewId?: string;
  isPublish: boolean;
  watermark: boolean;
  noEdit: boolean;
  userId?: string;
  jurisdiction?: Jurisdiction;
  /** The jurisdiction parameter was there but is not base64 of a JSON object. */
  jurisdictionInvalid: boolean;
}

const flag = (v: string | null) => v !== null && v !== '0' && v.toLowerCase() !== 'false';
const text = (v: string | null) => (v === null || v.trim() === '' ? undefined : v.trim());
const ID = /^\d{1,20}$/;
const id = (v: string | null) => {
  const t = text(v);
  return t !== undefined && ID.test(t) ? t : undefined;
};

/** Decodes a base64 (standard or URL-safe, padding optional) UTF-8 JSON object; undefined when it is not one. */
export function decodeJurisdiction(raw: string): Jurisdiction | undefined {
  try {
    const b64 = raw.trim().replace(/-/g, '+').replace(/_/g, '/');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length === 0) return undefined;
    const bytes = Uint8Array.from(atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const j = value as Record<string, unknown>;
    const deptId = j.deptId === undefined || j.deptId === null ? undefined : String(j.deptId);
    if (deptId !== undefined && !ID.test(deptId)) return undefined;
    return { ...j, deptId };
  } catch {
    return undefined;
  }
}

export function readModelQuery(search: string): ModelQuery {
  const p = new URLSearchParams(search);
  const raw = p.get('jurisdiction');
  const jurisdiction = raw === null ? undefined : decodeJurisdiction(raw);
  const cocId = id(p.get('cocId'));
  return {
    des: text(p.get('des')),
    unionId: id(p.get('unionId')),
    deptId: id(p.get('deptId')) ?? cocId ?? jurisdiction?.deptId,
    cocId,
    cocNoLog: flag(p.get('cocNoLog')),
    previewId: id(p.get('previewId')),
    isPublish: flag(p.get('isPublish')),
    watermark: flag(p.get('watermark')),
    noEdit: flag(p.get('noEdit')),
    userId: id(p.get('userId')),
    jurisdiction,
    jurisdictionInvalid: raw !== null && jurisdiction === undefined,
  };
}

/** The current page's query parameters (the hash route's search). */
export function useModelQuery(): ModelQuery {
  const { search } = useLocation();
  return useMemo(() => readModelQuery(search), [search]);
}
