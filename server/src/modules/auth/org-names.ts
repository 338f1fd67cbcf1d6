/**
 * The header's two names (specification §2): the organisation, and the department name with the
 * word for chamber of commerce. A federation (工商联) is also its province's or city's 总商会.
 */
export function orgNames(dept: { deptName: string; fullName: string | null; deptCategory: number }) {
  const orgName = dept.fullName || dept.deptName;
  if (dept.deptCategory !== 1) return { orgName, chamberName: dept.deptName };
  const base = dept.deptName.replace(/(工商业联合会|工商联)$/, '');
  return { orgName, chamberName: `${base}总商会` };
}
