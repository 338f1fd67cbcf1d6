import type { FieldSpec, FieldWhitelist } from '../http/paging.js';

type Kind = FieldSpec['kind'];

/**
 * A paging whitelist (platform/http/paging.ts) of the columns on one alias: `name: 'text'` filters and
 * sorts `a.name`; a column of another alias, or under another name, is spelled out:
 * `deptName: ['d.deptName', 'text']`.
 */
export function fieldsOn(alias: string, kinds: Record<string, Kind | [column: string, kind: Kind]>): FieldWhitelist {
  return Object.fromEntries(
    Object.entries(kinds).map(([name, k]) => [name, typeof k === 'string' ? { column: `${alias}.${name}`, kind: k } : { column: k[0], kind: k[1] }]),
  );
}
