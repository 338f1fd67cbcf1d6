/**
 * The calls of Saber's system screens, in the order a person working through them makes them, written
 * from Saber's published api modules (src/api/**): which path, query or body, and what a screen sends
 * back on 修改 — the detail it read with one field edited. Each entry is one Saber api function call;
 * a write is read back. The replay (saber.compat.test.ts) counts how many work.
 */
import type { SaberAnswer, SaberClient } from './saber-client.js';

export type Outcome = true | string;
export interface Ctx {
  ids: Record<string, string>;
  /** Details read, for the update dialogs to send back. */
  rows: Record<string, any>;
  tag: string;
}
export interface SaberCall {
  /** Saber's api module and function. */
  name: string;
  run: (s: SaberClient, c: Ctx) => Promise<Outcome>;
}

/** An enveloped answer that succeeded; `check` may look further at its data. */
export function ok(r: SaberAnswer, check?: (data: any) => Outcome): Outcome {
  if (r.status !== 200) return `${r.status} ${typeof r.data === 'object' ? (r.data?.msg ?? r.data?.error_description ?? '') : String(r.data).slice(0, 80)}`;
  if (!r.data || r.data.success !== true) return `not an envelope: ${JSON.stringify(r.data).slice(0, 80)}`;
  return check ? check(r.data.data) : true;
}

export const isList = (d: any): Outcome => (Array.isArray(d) ? true : `not a list: ${JSON.stringify(d).slice(0, 60)}`);
export const isPage = (d: any): Outcome => (d && Array.isArray(d.records) ? true : `not a page: ${JSON.stringify(d).slice(0, 60)}`);

/** A file answered to a link opened without headers. */
export function file(r: SaberAnswer): Outcome {
  if (r.status !== 200) return `${r.status}`;
  return String(r.headers['content-disposition'] ?? '').includes('attachment') ? true : 'no attachment';
}

export const need = (c: Ctx, key: string) => {
  const v = c.ids[key];
  if (!v) throw new Error(`no ${key} from an earlier call`);
  return v;
};

export const call = (name: string, run: SaberCall['run']): SaberCall => ({ name, run });

export interface CrudScreen {
  module: string;
  base: string;
  key: string;
  list?: string;
  listParams?: Record<string, unknown>;
  /** The 新增 form as Saber's option sends it. */
  form: (c: Ctx) => Record<string, unknown>;
  /** The field 修改 edits and its new value. */
  edit: (row: any, c: Ctx) => [string, unknown];
  /** update() path, when not submit. */
  update?: string;
  add?: string;
  detailParam?: string;
  /** Records of the list answer (a page's records, a tree). */
  listCheck?: (d: any) => Outcome;
}

/**
 * A CRUD screen of Saber: getList, add (then read back), getDetail, update (the detail sent back with one
 * field edited, then read back), remove (then the detail is gone).
 */
export function crud(s: CrudScreen): SaberCall[] {
  const detail = (cl: SaberClient, id: string) => cl.request({ url: `${s.base}/detail`, params: { [s.detailParam ?? 'id']: id } });
  return [
    call(`${s.module} getList`, async (cl) =>
      ok(await cl.request({ url: `${s.base}/${s.list ?? 'list'}`, params: { current: 1, size: 10, ...(s.listParams ?? {}) } }), s.listCheck ?? (() => true)),
    ),
    call(`${s.module} add`, async (cl, c) => {
      const r = await cl.request({ url: `${s.base}/${s.add ?? 'submit'}`, method: 'post', data: s.form(c) });
      const o = ok(r);
      if (o !== true) return o;
      const id = r.data.data?.id ?? (await findCreated(cl, s, c));
      if (!id) return 'created record not found';
      c.ids[s.key] = String(id);
      return ok(await detail(cl, String(id)));
    }),
    call(`${s.module} getDetail`, async (cl, c) =>
      ok(await detail(cl, need(c, s.key)), (d) => {
        c.rows[s.key] = d;
        return d && String(d.id) === c.ids[s.key] ? true : 'another record';
      }),
    ),
    call(`${s.module} update`, async (cl, c) => {
      const row = c.rows[s.key];
      if (!row) return 'no detail read';
      const [field, value] = s.edit(row, c);
      const o = ok(await cl.request({ url: `${s.base}/${s.update ?? 'submit'}`, method: 'post', data: { ...row, [field]: value } }));
      if (o !== true) return o;
      return ok(await detail(cl, need(c, s.key)), (d) => (String(d?.[field]) === String(value) ? true : `${field} not saved`));
    }),
    call(`${s.module} remove`, async (cl, c) => {
      const o = ok(await cl.request({ url: `${s.base}/remove`, method: 'post', params: { ids: need(c, s.key) } }));
      if (o !== true) return o;
      const after = await detail(cl, need(c, s.key));
      return after.status === 404 || (after.status === 200 && after.data?.data == null) ? true : 'still there';
    }),
  ];
}

/** When an add answers no id (BladeX answers a boolean), the list finds the record by its form's name. */
async function findCreated(cl: SaberClient, s: CrudScreen, c: Ctx): Promise<string | undefined> {
  const r = await cl.request({ url: `${s.base}/${s.list ?? 'list'}`, params: { current: 1, size: 100, ...(s.listParams ?? {}) } });
  const rows: any[] = Array.isArray(r.data?.data) ? r.data.data : (r.data?.data?.records ?? []);
  const text = JSON.stringify(s.form(c));
  return rows.find((x) => Object.values(x).some((v) => typeof v === 'string' && v.length > 3 && text.includes(`"${v}"`) && v.includes(c.tag)))?.id;
}
