import type { FastifyInstance } from 'fastify';
import { DEPT_CATEGORY_NAMES, MYORG_GUIDE_FIELDS, REGION_LEVEL_NAMES, myOrgCardRecord, type MyOrgCardView } from '@gsl/contract';
import { route } from '../../../platform/http/route.js';
import { notFound } from '../../../platform/http/errors.js';
import { myOrgRepo } from './org.repo.js';

/**
 * 我的组织 (specification §2 /portal/myOrg index, §7 portal/myOrg): the card of the caller's own org. It takes
 * no parameter — the token names the org — so no other org can be asked for.
 */
export function myOrgCardRoutes(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: '/api/aoc-service/portal/myOrg',
    summary: 'portal/myOrg: 本组织概况 (名称、级别、地区、负责人、工作人员数、下级商会与协会数、会员数、组织信息完善度)',
    tags: ['portal'],
    access: { permission: 'portal_myorg' },
    response: myOrgCardRecord,
    handler: async ({ actor }): Promise<MyOrgCardView> => {
      const row = await myOrgRepo.card(app.db, actor.tenantId, actor.deptId);
      if (!row) throw notFound();
      const count = (v: string | number | null) => Number(v ?? 0);
      const members = { enterprise: count(row.enterpriseMembers), group: count(row.groupMembers), person: count(row.personMembers) };
      return {
        deptId: String(row.id),
        deptName: row.deptName,
        orgName: row.fullName || row.deptName,
        deptCategory: row.deptCategory,
        deptCategoryName: DEPT_CATEGORY_NAMES[row.deptCategory] ?? null,
        parentName: row.parentName ?? null,
        regionCode: row.regionCode,
        regionName: [row.region3, row.region2, row.region1].filter(Boolean).join(' / ') || null,
        regionLevel: row.regionLevel,
        regionLevelName: row.regionLevel === null ? null : (REGION_LEVEL_NAMES[row.regionLevel] ?? null),
        chamberType: row.chamberType,
        representative: row.representative ?? null,
        contactPerson: row.contactPerson ?? null,
        contactPhone: row.contactPhone ?? null,
        email: row.email ?? null,
        address: row.address ?? null,
        profileId: row.profileId === null ? null : String(row.profileId),
        profileFilled: count(row.profileFilled),
        profileTotal: MYORG_GUIDE_FIELDS.length,
        staffCount: count(row.staffCount),
        addressBookCount: count(row.addressBookCount),
        federationCount: count(row.federationCount),
        chamberCount: count(row.chamberCount),
        associationCount: count(row.associationCount),
        memberCount: { total: members.enterprise + members.group + members.person, ...members },
      };
    },
  });
}
