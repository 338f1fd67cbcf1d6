import type { RoleTreeNode, RoleUserView, RoleView } from '@gsl/contract';
import type { Actor } from '../../../platform/access/actor.js';
import { formatTime } from '../../../platform/http/time.js';
import type { RoleRow, RoleUserRow } from './role.repo.js';
import { actorRank, roleRank } from './role.service.js';
import { forest } from '../forest.js';

export function roleView(row: RoleRow, timeZone: string): RoleView {
  return {
    id: String(row.id),
    parentId: String(row.parentId),
    parentName: row.parentName ?? null,
    roleName: row.roleName,
    roleAlias: row.roleAlias,
    systemType: row.systemType,
    deptId: row.deptId === null ? null : String(row.deptId),
    deptName: row.deptName ?? null,
    sort: row.sort,
    status: row.status,
    version: row.version,
    createTime: formatTime(row.createTime, timeZone),
    updateTime: formatTime(row.updateTime, timeZone),
    hasChildren: !!row.hasChildren,
  };
}

/**
 * Role trees for selects (wire contract §3 node shape): as BladeX, a role that outranks the actor
 * (administrator for everyone but administrators, admin for everyone below admin) is left out,
 * since he could neither give nor edit it.
 */
export function roleForest(rows: RoleRow[], actor: Actor, timeZone: string): RoleTreeNode[] {
  const mine = actorRank(actor);
  const nodes = new Map<string, RoleTreeNode>();
  for (const r of rows) {
    if (roleRank(r.roleAlias) > mine) continue;
    const id = String(r.id);
    nodes.set(id, { ...roleView(r, timeZone), title: r.roleName, key: id, value: id, hasChildren: false, children: [] });
  }
  return forest(nodes.values());
}

export function roleUserView(row: RoleUserRow, timeZone: string): RoleUserView {
  return {
    id: String(row.id),
    account: row.account,
    realName: row.realName,
    name: row.name,
    deptId: String(row.deptId),
    deptName: row.deptName,
    profileTag: row.profileTag,
    status: row.status,
    createTime: formatTime(row.createTime, timeZone),
  };
}
