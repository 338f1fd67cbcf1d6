import {
  COLLECT_CATEGORIES,
  COLLECT_TEMPLATE_KEY,
  FILLIN_MSG,
  MASKED_MOBILE_RE,
  STALE_VERSION_MSG,
  VERSION_REQUIRED_MSG,
  checkForm,
  isMaskedCert,
  maskCert,
  periodName,
  type CollectPersonView,
  type CollectSubmit,
} from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import type { DataScope } from '../../platform/access/scope.js';
import type { PersonalDataCipher } from '../../platform/audit/personal-data.js';
import { dbErrorCode } from '../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { formatTime } from '../../platform/http/time.js';
import { fillScope, ownFillOrg, type FillOrg } from './fill-org.js';
import { collectRepo, type CollectRow } from './collect.repo.js';
import { periodOf } from './period.service.js';
import { roundRepo } from './round.repo.js';
import { templateService, type Template } from './template.service.js';

const maskMobile = (m: string | null) => (m && m.length === 11 ? `${m.slice(0, 3)}****${m.slice(7)}` : m);

/** A row as answered: the template version's fields, certificate and mobile masked unless `unmasked`. */
export function collectView(r: CollectRow, cipher: PersonalDataCipher, unmasked: boolean, tz: string): CollectPersonView {
  const cert = cipher.decrypt(r.certNoEnc);
  const mobile = r.mobileEnc ? cipher.decrypt(r.mobileEnc) : null;
  const certNo = unmasked ? cert : maskCert(cert);
  const shownMobile = unmasked ? mobile : maskMobile(mobile);
  return {
    id: String(r.id),
    deptId: String(r.deptId),
    deptName: r.deptName,
    period: r.period,
    periodName: periodName(r.period),
    name: r.name,
    category: String(r.category),
    categoryName: COLLECT_CATEGORIES[r.category] ?? '',
    certNo,
    mobile: shownMobile,
    data: { ...(JSON.parse(r.data) as Record<string, string | null>), certNo, mobile: shownMobile },
    templateVersion: r.templateVersion,
    version: r.version,
    updateTime: formatTime(r.updateTime, tz),
  };
}

/** The columns of one checked form: the record's own (name, category, numbers encrypted) and the rest as data. */
export interface CollectValues {
  name: string;
  category: number;
  certNo: string;
  certNoEnc: string;
  certNoHash: string;
  mobileEnc: string | null;
  mobileHash: string | null;
  data: string;
}

/**
 * Checks one form against the template (hidden fields dropped, required and types re-checked): the
 * first problem as a 400 with every field's message in details; what is stored otherwise.
 */
export function formValues(
  template: Template,
  input: Record<string, unknown>,
  cipher: PersonalDataCipher,
): { values: CollectValues; errors: null } | { values: null; errors: Array<{ field: string; message: string }> } {
  const checked = checkForm(template.fields, input);
  if (checked.errors.length) return { values: null, errors: checked.errors };
  const { name, category, certNo, mobile, ...rest } = checked.values;
  const cert = String(certNo);
  return {
    errors: null,
    values: {
      name: String(name),
      category: Number(category),
      certNo: cert,
      certNoEnc: cipher.encrypt(cert),
      certNoHash: cipher.hash(cert),
      mobileEnc: mobile ? cipher.encrypt(mobile) : null,
      mobileHash: mobile ? cipher.hash(mobile) : null,
      data: JSON.stringify(rest),
    },
  };
}

/** The org's term a write goes to, refused while the term's list is with the federation. */
export async function writableTerm(db: Db, actor: Actor, org: FillOrg): Promise<number> {
  const period = await periodOf(db, actor.tenantId, org.id);
  if (!period) throw badRequest(FILLIN_MSG.periodMissing);
  const round = await roundRepo.latest(db, actor.tenantId, org.id, 'collect', period.period);
  if (round?.status === 1) throw badRequest(FILLIN_MSG.submitted);
  return period.period;
}

export function collectService(db: Db, cipher: () => Promise<PersonalDataCipher>) {
  const scopeOf = (actor: Actor): Promise<DataScope> => fillScope(db, actor);

  return {
    scopeOf,

    async find(actor: Actor, id: string): Promise<CollectRow> {
      const row = await collectRepo.find(db, await scopeOf(actor), id);
      if (!row) throw notFound();
      return row;
    },

    /**
     * Adds (no id) or updates (id and version) a person of the caller's own org's current term, checked
     * against the current template; a masked certificate or mobile sent back keeps the stored number, a
     * readonly field keeps its stored value. A person (certificate) appears once per org and term.
     */
    async submit(actor: Actor, input: CollectSubmit): Promise<{ id: string; created: boolean }> {
      const org = await ownFillOrg(db, actor);
      const period = await writableTerm(db, actor, org);
      const c = await cipher();
      const template = await templateService.byKey(db, actor.tenantId, COLLECT_TEMPLATE_KEY);
      const { id, version, ...form } = input;
      let before: CollectRow | undefined;
      if (id) {
        if (version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
        before = await collectRepo.find(db, await scopeOf(actor), id);
        if (!before || String(before.deptId) !== org.id) throw notFound();
        const stored: Record<string, unknown> = {
          ...(JSON.parse(before.data) as Record<string, unknown>),
          certNo: c.decrypt(before.certNoEnc),
          mobile: before.mobileEnc ? c.decrypt(before.mobileEnc) : null,
        };
        if (typeof form.certNo === 'string' && isMaskedCert(form.certNo.trim().toUpperCase())) form.certNo = stored.certNo as string;
        if (typeof form.mobile === 'string' && MASKED_MOBILE_RE.test(form.mobile.trim())) form.mobile = stored.mobile as string | null;
        const states = checkForm(template.fields, form).states;
        for (const f of template.fields) if (states[f.prop]?.readonly) form[f.prop] = (stored[f.prop] as string | null | undefined) ?? null;
      } else if (typeof form.certNo === 'string' && isMaskedCert(form.certNo.trim().toUpperCase())) throw badRequest(FILLIN_MSG.certMasked);
      const checked = formValues(template, form, c);
      if (checked.errors) throw badRequest(checked.errors[0].message, checked.errors);
      const v = checked.values;
      const taken = await collectRepo.takenHashes(db, actor.tenantId, org.id, period, [v.certNoHash], id);
      if (taken.size) throw badRequest(FILLIN_MSG.personExists);
      const { certNo: _plain, ...cols } = v;
      try {
        if (!before) {
          const row = await db
            .insertInto('aocCollectPerson')
            .values({
              ...cols,
              tenantId: actor.tenantId,
              deptId: org.id,
              period,
              templateId: template.id,
              templateVersion: template.version,
              createUser: actor.userId,
              updateUser: actor.userId,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return { id: String(row.id), created: true };
        }
        const res = await db
          .updateTable('aocCollectPerson')
          .set({
            ...cols,
            templateId: template.id,
            templateVersion: template.version,
            version: before.version + 1,
            updateUser: actor.userId,
            updateTime: new Date(),
          })
          .where('id', '=', before.id)
          .where('version', '=', version!)
          .where('isDeleted', '=', 0)
          .executeTakeFirst();
        if (!Number(res.numUpdatedRows)) throw badRequest(STALE_VERSION_MSG);
        return { id: String(before.id), created: false };
      } catch (err) {
        if (dbErrorCode(err) === '23505') throw badRequest(FILLIN_MSG.personExists);
        throw err;
      }
    },

    /** Removes persons of the caller's own org's term (all or none; any other org's id is 404). */
    async remove(actor: Actor, ids: string[]): Promise<void> {
      const org = await ownFillOrg(db, actor);
      const rows = await collectRepo.findMany(db, await scopeOf(actor), ids);
      if (rows.length !== ids.length || rows.some((r) => String(r.deptId) !== org.id)) throw notFound();
      const period = await writableTerm(db, actor, org);
      if (rows.some((r) => r.period !== period)) throw badRequest('只能删除本届的人员');
      await db.updateTable('aocCollectPerson').set({ isDeleted: 1, updateUser: actor.userId, updateTime: new Date() }).where('id', 'in', ids).execute();
    },

    /** 提交: the caller's org's current term goes to the federation (a new round); read-only until returned. */
    async report(actor: Actor) {
      const org = await ownFillOrg(db, actor);
      const period = await writableTerm(db, actor, org);
      const counts = await collectRepo.counts(db, actor.tenantId, org.id, period);
      if (!Object.values(counts).some(Boolean)) throw badRequest(FILLIN_MSG.nothingToSubmit);
      await roundRepo.insert(db, { tenantId: actor.tenantId, deptId: org.id, kind: 'collect', period, counts, userId: actor.userId });
      return (await roundRepo.latest(db, actor.tenantId, org.id, 'collect', period))!;
    },
  };
}
export type CollectService = ReturnType<typeof collectService>;
