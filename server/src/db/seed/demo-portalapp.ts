import type { Db } from '../connection.js';

/** [name, appType, icon, url, isOpen, sort, remark]: the applications a Jiangsu federation's staff open most. */
const APPS: Array<[string, number, string, string, 1 | 2, number, string]> = [
  ['江苏省工商联门户网站', 3, 'environment', 'https://www.jsgsl.org.cn/', 2, 1, '省工商联官方网站'],
  ['全国工商联', 3, 'apartment', 'https://www.acfic.org.cn/', 2, 2, '中华全国工商业联合会官方网站'],
  ['企业会员管理', 1, 'database', '/portal/database/enterprise', 1, 3, '本系统:数据库查询 › 企业会员'],
  ['商会管理', 1, 'team', '/portal/database/chamber', 1, 4, '本系统:数据库查询 › 商会管理'],
  ['国家企业信用信息公示系统', 2, 'safety', 'https://www.gsxt.gov.cn/', 2, 5, '查询会员企业的登记与信用信息'],
  ['信用中国', 2, 'file-search', 'https://www.creditchina.gov.cn/', 2, 6, '查询失信与行政处罚信息'],
];

/** Demo applications of 业务应用 (administrators change them on 系统管理 › 业务应用管理). Idempotent by name. */
export async function seedDemoApps(db: Db, opts: { tenantId: string }): Promise<void> {
  const existing = await db.selectFrom('aocBusinessApp').select('appName').where('tenantId', '=', opts.tenantId).execute();
  const have = new Set(existing.map((r) => r.appName));
  const rows = APPS.filter(([name]) => !have.has(name)).map(([appName, appType, icon, url, isOpen, sort, remark]) => ({
    tenantId: opts.tenantId,
    appName,
    appType,
    icon,
    url,
    isOpen,
    sort,
    remark,
  }));
  // Two processes seeding one fresh database at once: the second one's rows are already there.
  if (rows.length)
    await db
      .insertInto('aocBusinessApp')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
}
