import { MEMBER_FIELD_LABELS, type MemberKind, type ResumeKind, type ResumeLine } from '@gsl/contract';
import type { MemberKindDef } from '../member/member.kinds.js';
import type { MemberRow } from '../member/member.repo.js';

/**
 * The built-in résumé template: sentences built from a member's profile fields, each naming the fields
 * (API names) it came from. A field left empty leaves its words out; a sentence with nothing to say is
 * dropped. Personal data (certificate number, phones, credit code) is never written into a résumé.
 */
type Part = { text: string; field: string } | null;

const present = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== '';

export function residentTemplate(kind: MemberKindDef, row: MemberRow): ResumeLine[] {
  const label = (field: string): string | null => {
    const v = row[field];
    if (!present(v)) return null;
    const labels = kind.labels[field];
    return labels ? (labels[Number(v)] ?? null) : String(v).trim();
  };
  const part = (field: string, make: (v: string) => string): Part => {
    const v = field === 'regionCode' ? (present(row.regionName) ? String(row.regionName) : null) : field === 'deptId' ? row.deptName : label(field);
    return v ? { text: make(v), field } : null;
  };
  const line = (parts: Part[], lead = '', end = '。'): ResumeLine | null => {
    const got = parts.filter((p): p is NonNullable<Part> => p !== null);
    if (!got.length) return null;
    return { text: `${lead}${got.map((p) => p.text).join(',')}${end}`, sources: got.map((p) => p.field) };
  };
  const name = String(row.name);
  const joined = line(
    [
      part('joinDate', (v) => `于${v.slice(0, 4)}年${Number(v.slice(5, 7))}月${Number(v.slice(8, 10))}日加入${row.deptName ?? '本会'}`),
      part('memberLevel', (v) => `现为${v}`),
      part('status', (v) => `会员状态为${v}`),
    ],
    `${name}`,
  );
  if (joined && joined.sources.includes('joinDate')) joined.sources.push('deptId');
  joined?.sources.unshift('name');
  const remark = line([part('remark', (v) => `备注:${v.replace(/[。.]$/, '')}`)]);
  const lines: Array<ResumeLine | null> = [];
  const k = kind.kind as ResumeKind;
  if (k === 'enterprise') {
    lines.push(
      withName(
        line([part('regionCode', (v) => `位于${v}`), part('memberType', (v) => `是一家${v}`), part('scale', (v) => `企业规模为${v}`)], `${name}`),
        'regionCode',
      ),
      line([part('industry', (v) => `所属行业为${v}`), part('legalPerson', (v) => `法定代表人为${v}`)], '该企业'),
      line([part('address', (v) => `企业地址为${v}`)]),
    );
  } else if (k === 'group') {
    lines.push(
      withName(line([part('regionCode', (v) => `位于${v}`), part('groupType', (v) => `是一家${v}`)], `${name}`), 'regionCode'),
      line([part('legalPerson', (v) => `负责人为${v}`), part('memberCount', (v) => `现有会员${v}名`)], '该团体'),
      line([part('address', (v) => `地址为${v}`)]),
    );
  } else {
    lines.push(
      withName(
        line(
          [
            part('gender', (v) => v),
            part('nativePlace', (v) => `${v}人`),
            part('nationality', (v) => v),
            part('education', (v) => `${v}学历`),
            part('politics', (v) => `政治面貌为${v}`),
          ],
          `${name},`,
        ),
        'gender',
      ),
      line([part('company', (v) => `现任职于${v}`), part('post', (v) => `担任${v}`)]),
      line([part('regionCode', (v) => `所在地区为${v}`)]),
    );
  }
  lines.push(joined, remark);
  const out = lines.filter((l): l is ResumeLine => l !== null);
  // Nothing but the name: one line saying so, traced to the name.
  return out.length ? out : [{ text: `${name}。`, sources: ['name'] }];
}

/** A sentence led by the member's name also came from the name field. */
function withName(l: ResumeLine | null, _first: string): ResumeLine | null {
  if (l) l.sources.unshift('name');
  return l;
}

/** The field labels of a kind, with the fields a résumé may name. */
export const fieldLabelsOf = (kind: MemberKind): Record<string, string> => MEMBER_FIELD_LABELS[kind];
