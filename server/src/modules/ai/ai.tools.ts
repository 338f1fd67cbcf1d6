import { sql } from 'kysely';
import { MEMBER_RESOURCE, perm, type MemberKind } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { isGranted } from '../../platform/access/grants.js';
import { resolveScope } from '../../platform/access/scope.js';
import { overlap, words, type Tool } from '../../platform/ai/index.js';
import { cockpitRepo } from '../cockpit/cockpit.repo.js';
import { inScope } from '../cockpit/cockpit.scope.js';
import { fillScope } from '../fillin/fill-org.js';
import { situationRepo } from '../fillin/situation.repo.js';
import { questionRepo } from '../support/support.repo.js';

const KIND_WORDS: Array<[MemberKind, string]> = [
  ['enterprise', '企业会员'],
  ['group', '团体会员'],
  ['person', '个人会员'],
];
const KIND_NAME: Record<MemberKind, string> = { enterprise: '企业会员', group: '团体会员', person: '个人会员' };
const UNIT: Record<MemberKind, string> = { enterprise: '家', group: '个', person: '人' };
/** Words that mean "the asker's own org", not a place. */
const OWN_WORDS = /^(我们|我会|本会|本单位|我单位|我们单位|本级|全部|总共|一共|目前|现在|现有|请问)+$/;
/** The most chambers an answer names one by one. */
const LIST_MAX = 20;
const FAQ_MIN_SCORE = 0.5;

/** The place a member-count question asks about: the words before 有多少/有几/的…会员, unless they mean "us". */
function placeOf(text: string): string | undefined {
  const t = text.replace(/^(请问|帮我查一下|帮我查查|查一下|查询)/, '').trim();
  const m = t.match(/^(.+?)(?:一共|总共|共|现在|目前|现)?(?:有|拥有)(?:多少|几)/) ?? t.match(/^(.+?)的(?:企业|团体|个人)?会员/);
  const place = m?.[1]?.trim();
  return place && !OWN_WORDS.test(place) ? place : undefined;
}

/**
 * The assistant's tools: each one runs a query the screens run, as the asking user, inside the data
 * scope of the screen's resource — so a model, built-in or remote, only ever sees what the user could
 * open. Each result carries `answer`, a plain sentence the built-in model says as it is.
 */
export function assistantTools(db: Db, actor: Actor): Tool[] {
  return [
    {
      name: 'count_members',
      label: '正在统计会员数量',
      description: '统计用户数据范围内某个组织(工商联、商会、协会,可按地区名称如“江宁区”或组织名称查找)及其下属组织的会员数量,可按会员类型(企业、团体、个人)。',
      parameters: {
        type: 'object',
        properties: {
          place: { type: 'string', description: '地区或组织名称,例如“江宁区”“南京市浙江商会”;不填为用户本单位' },
          kind: { type: 'string', enum: ['enterprise', 'group', 'person'], description: '会员类型;不填为全部类型' },
        },
      },
      recognise: ({ text }) => {
        if (!/会员/.test(text) || !/(多少|几)/.test(text)) return null;
        const kind = KIND_WORDS.find(([, w]) => text.includes(w))?.[0];
        return { ...(placeOf(text) ? { place: placeOf(text) } : {}), ...(kind ? { kind } : {}) };
      },
      run: async (args) => {
        const place = typeof args.place === 'string' ? args.place.trim().slice(0, 50) : '';
        const kind = KIND_NAME[args.kind as MemberKind] ? (args.kind as MemberKind) : undefined;
        const scope = await resolveScope(db, actor, MEMBER_RESOURCE);
        const org = await findOrg(db, actor, place, scope);
        if (!org) return { answer: `在您的数据范围内没有找到“${place}”,无法回答它的会员数量。`, data: null };
        const counts = await cockpitRepo.memberCounts(db, scope, { anchor: { id: org.id, path: org.path }, own: false });
        const said = kind
          ? `${KIND_NAME[kind]} ${counts[kind]} ${UNIT[kind]}`
          : (Object.keys(KIND_NAME) as MemberKind[]).map((k) => `${KIND_NAME[k]} ${counts[k]} ${UNIT[k]}`).join(',');
        return { answer: `${org.name}(含下属组织,在您的数据范围内)共有${said}。`, data: { org: org.name, counts } };
      },
    },
    {
      name: 'unfilled_chambers',
      label: '正在查询填报情况',
      description: '列出用户数据范围内还没有填报(届别、常委、执委、会员代表)的商会和协会。',
      parameters: { type: 'object', properties: {} },
      recognise: ({ text }) => (/(没有|未|没|还没)(有)?(填报|填写|提交)/.test(text) && /(商会|协会|组织|单位|哪些|哪几)/.test(text) ? {} : null),
      run: async () => {
        if (!(await isGranted(db, actor, perm('fillin_situation')))) return { answer: '您没有查看填报情况的权限。', data: null };
        const { rows, total } = await situationRepo.collect(db, await fillScope(db, actor), { current: 1, size: LIST_MAX, status: '0' });
        if (!total) return { answer: '您的数据范围内的商会和协会都已开始填报。', data: { total: 0, names: [] } };
        const names = rows.map((r) => r.deptName);
        const more = total > names.length ? `等${total}个` : `共${total}个`;
        return { answer: `您的数据范围内还没有填报的商会和协会${more}:${names.join('、')}。`, data: { total, names } };
      },
    },
    {
      name: 'search_faq',
      label: '正在查找常见问题',
      description: '在平台的常见问题(客服中心)中查找与问题最接近的一条及其解答。',
      parameters: { type: 'object', properties: { query: { type: 'string', description: '用户的问题' } }, required: ['query'] },
      // The catch-all: the built-in model tries it last, for whatever no other tool took.
      recognise: ({ text }) => ({ query: text }),
      run: async (args) => {
        const query = typeof args.query === 'string' ? args.query.slice(0, 500) : '';
        const asked = words(query);
        const { records } = await questionRepo.page(db, actor.tenantId, { current: 1, size: 500 });
        let best: { question: string; answer: string; score: number } | null = null;
        for (const r of records) {
          const score = overlap(asked, words(r.question));
          if (!best || score > best.score) best = { question: r.question, answer: r.answer, score };
        }
        if (!best || best.score < FAQ_MIN_SCORE) return { answer: '', data: null };
        return { answer: `常见问题“${best.question}”的解答:\n\n${best.answer}`, data: { question: best.question, answer: best.answer } };
      },
    },
  ];
}

/**
 * The org a question names, inside the caller's member scope: '' is the caller's own org; otherwise a
 * dept whose name holds the place (江宁区 → 南京市江宁区工商联), federations first, then names that
 * begin with it, then the shortest. Outside the scope it is not found — the same answer whether it exists or not.
 */
async function findOrg(db: Db, actor: Actor, place: string, scope: Awaited<ReturnType<typeof resolveScope>>) {
  if (!place) {
    const own = await cockpitRepo.anchor(db, actor.tenantId, actor.deptId);
    return own ? { id: own.id, path: own.path, name: own.name } : undefined;
  }
  const escaped = place.replace(/[\\%_]/g, (c) => `\\${c}`);
  const like = `%${escaped}%`;
  const { rows } = await sql<{ id: string; path: string; name: string }>`
    select d.id::text as id, d.id_path as path, d.dept_name as name from blade_dept d
     where d.tenant_id = ${actor.tenantId} and d.is_deleted = 0
       and (d.dept_name like ${like} or d.full_name like ${like})
       and ${inScope(scope, 'd.id')}
     order by case when d.dept_category = 1 then 0 else 1 end, case when d.dept_name like ${`${escaped}%`} then 0 else 1 end, length(d.dept_name), d.id
     limit 1`.execute(db);
  return rows[0];
}
