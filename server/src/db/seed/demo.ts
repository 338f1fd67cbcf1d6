/**
 * Demo data: a provincial federation of industry and commerce (江苏省工商联) with its 13 city
 * federations, county-level federations, chambers of commerce and associations, and their staff.
 *
 * Everything is deterministic (fixed PRNG seed), so two fresh databases get the same names,
 * accounts and phones; only the ids depend on the database's sequences.
 */
import { sql } from 'kysely';
import type { Db } from '../connection.js';
import { buildTree, FEDERATION, type OrgSpec } from './demo-orgs.js';
import { DEMO_ACCOUNTS, DEMO_PROVINCE_UNION_ID, PeopleFactory, type DemoRole, type Person } from './demo-people.js';

export { DEMO_ACCOUNTS, DEMO_PROVINCE_UNION_ID };

export interface DemoContext {
  tenantId: string; // '000001'
  passwordHash: string; // argon2id hash of the demo password, computed once by the caller
  roleIds: { administrator: string; admin: string; aoc: string; coc: string };
}

// ---------------------------------------------------------------------------------------------
// Seeding

interface PlannedDept {
  id: string;
  spec: OrgSpec;
  parentId: string;
  ancestors: string;
  idPath: string;
  unionId: string;
  sort: number;
}

async function nextIds(db: Db, table: 'blade_dept' | 'blade_user', n: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select nextval(pg_get_serial_sequence(${table}, 'id'))::text as id from generate_series(1, ${n}::int)`.execute(db);
  return rows.map((r) => String(r.id));
}

async function countUnder(db: Db, tenantId: string, idPath: string): Promise<{ depts: number; users: number }> {
  const d = await db
    .selectFrom('bladeDept')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .where('idPath', 'like', idPath + '%')
    .executeTakeFirstOrThrow();
  const u = await db
    .selectFrom('bladeUser as u')
    .innerJoin('bladeDept as d', 'd.id', 'u.deptId')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('u.tenantId', '=', tenantId)
    .where('u.isDeleted', '=', 0)
    .where('d.isDeleted', '=', 0)
    .where('d.idPath', 'like', idPath + '%')
    .executeTakeFirstOrThrow();
  return { depts: Number(d.n), users: Number(u.n) };
}

function chunks<T>(rows: T[], size = 200): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Inserts the demo federation, its orgs and staff in one transaction. Does nothing when the province
 * federation (union_id DEMO_PROVINCE_UNION_ID) already exists; either way returns the counts under it.
 */
export async function seedDemo(db: Db, ctx: DemoContext): Promise<{ depts: number; users: number; created: boolean }> {
  return db.transaction().execute(async (tx) => {
    // Two processes starting at once on one PostgreSQL: the second waits, then sees the rows.
    await sql`select pg_advisory_xact_lock(727002)`.execute(tx);

    const existing = await tx
      .selectFrom('bladeDept')
      .select(['id', 'idPath'])
      .where('unionId', '=', DEMO_PROVINCE_UNION_ID)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (existing) return { ...(await countUnder(tx, ctx.tenantId, existing.idPath)), created: false };

    // Plan the tree breadth first: parents come before children, ids are taken from the identity
    // sequence up front, so ancestors and id_path are known before the single multi-row insert.
    const root = buildTree();
    const order: Array<{ spec: OrgSpec; parent: number; sort: number }> = [{ spec: root, parent: -1, sort: 1 }];
    for (let i = 0; i < order.length; i++) {
      order[i].spec.children.forEach((child, k) => order.push({ spec: child, parent: i, sort: k + 1 }));
    }
    const ids = await nextIds(tx, 'blade_dept', order.length);
    const serials = new Map<string, number>();
    const planned: PlannedDept[] = [];
    order.forEach(({ spec, parent, sort }, i) => {
      const p = parent < 0 ? null : planned[parent];
      const ancestors = p ? `${p.ancestors},${p.id}` : '0';
      const serial = (serials.get(spec.regionCode) ?? 0) + 1;
      serials.set(spec.regionCode, serial);
      planned.push({
        id: ids[i],
        spec,
        parentId: p ? p.id : '0',
        ancestors,
        idPath: `${ancestors},${ids[i]},`,
        unionId: `U${spec.regionCode}${String(serial).padStart(4, '0')}`,
        sort,
      });
    });
    if (planned[0].unionId !== DEMO_PROVINCE_UNION_ID) throw new Error('demo province union id mismatch');

    let deptRows = 0;
    for (const batch of chunks(planned)) {
      const inserted = await tx
        .insertInto('bladeDept')
        .values(
          batch.map((d) => ({
            id: d.id,
            tenantId: ctx.tenantId,
            parentId: d.parentId,
            ancestors: d.ancestors,
            idPath: d.idPath,
            deptCategory: d.spec.category,
            deptName: d.spec.deptName,
            fullName: d.spec.fullName,
            unionId: d.unionId,
            regionCode: d.spec.regionCode,
            regionLevel: d.spec.regionLevel,
            chamberType: d.spec.chamberType,
            sort: d.sort,
            remark: d.spec.remark,
            status: 1,
            isDeleted: 0,
          })),
        )
        .returning('id')
        .execute();
      deptRows += inserted.length;
    }

    // Staff: 1–3 per federation (aoc), 1–2 per chamber or association (coc); fixed accounts first.
    const people = new PeopleFactory();
    const users: Array<{ person: Person; deptId: string; role: DemoRole; seq: number }> = [];
    for (const d of planned) {
      const isFed = d.spec.category === FEDERATION;
      const role: DemoRole = isFed ? 'aoc' : 'coc';
      const staff: Array<{ person: Person; role: DemoRole }> = d.spec.fixed.map((account) => ({
        person: people.fixed(account),
        role: DEMO_ACCOUNTS.find((a) => a.account === account)!.role,
      }));
      const wanted = isFed ? (d.spec.regionLevel === 1 ? 3 : d.spec.regionLevel === 2 ? people.int(2, 3) : people.int(1, 2)) : people.int(1, 2);
      let staffCount = staff.filter((s) => s.role === role).length;
      while (staffCount < wanted) {
        staff.push({ person: people.next(), role });
        staffCount++;
      }
      staff.forEach((s, k) => users.push({ ...s, deptId: d.id, seq: k + 1 }));
    }

    const userIds = await nextIds(tx, 'blade_user', users.length);
    let userRows = 0;
    const rowsWithIds = users.map((u, i) => ({ ...u, id: userIds[i] }));
    for (const batch of chunks(rowsWithIds)) {
      const inserted = await tx
        .insertInto('bladeUser')
        .values(
          batch.map((u) => ({
            id: u.id,
            tenantId: ctx.tenantId,
            userType: 1,
            account: u.person.account,
            passwordHash: ctx.passwordHash,
            name: u.person.name,
            realName: u.person.realName,
            email: u.person.email,
            phone: u.person.phone,
            sex: u.person.sex,
            deptId: u.deptId,
            // The platform administrator sits in the province federation's office.
            profileTag: u.role === 'coc' ? 'coc' : 'aoc',
            seq: u.seq,
            isAddressBook: 1,
            status: 1,
            isDeleted: 0,
          })),
        )
        .returning('id')
        .execute();
      userRows += inserted.length;
    }
    for (const batch of chunks(rowsWithIds, 500)) {
      await tx
        .insertInto('bladeUserRole')
        .values(batch.map((u) => ({ userId: u.id, roleId: ctx.roleIds[u.role] })))
        .execute();
    }

    return { depts: deptRows, users: userRows, created: true };
  });
}
