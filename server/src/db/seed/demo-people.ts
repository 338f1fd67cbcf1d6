/** Deterministic demo staff: realistic Chinese names, accounts, phones; the four fixed accounts. */
import { sql } from 'kysely';
import type { Db } from '../connection.js';

export type DemoRole = 'administrator' | 'aoc' | 'coc';

/** union_id of the province federation; its presence means the demo data is already there. */
export const DEMO_PROVINCE_UNION_ID = 'U3200000001';

export const DEMO_ACCOUNTS: Array<{ account: string; realName: string; role: DemoRole; description: string }> = [
  { account: 'admin', realName: '系统管理员', role: 'administrator', description: '系统管理员（江苏省工商联）：管理租户、菜单、角色、字典和系统参数' },
  { account: 'js_aoc', realName: '周立新', role: 'aoc', description: '江苏省工商联工作人员：可查看和管理全省各级工商联、商会和协会' },
  { account: 'nj_aoc', realName: '陈思远', role: 'aoc', description: '南京市工商联工作人员：可查看和管理南京市及所辖区工商联、商会和协会' },
  { account: 'nj_coc', realName: '方海涛', role: 'coc', description: '南京市浙江商会工作人员：维护本商会信息、会员和填报数据' },
];

export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The draws the demo seeds make of one PRNG, in the order they are called (a seed's data stay the
 * same for its seed): integers, picks, dates (yyyy-MM-dd, day 1–28) and mobile numbers (1, a second
 * digit of `second`, nine more).
 */
export function draws(seed: number) {
  const rnd = prng(seed);
  const int = (a: number, b: number) => a + Math.floor(rnd() * (b - a + 1));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)];
  const day = (y0: number, y1: number) => `${int(y0, y1)}-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`;
  const phone = (second = ['3', '5', '7', '8', '9']) => `1${pick(second)}${int(0, 9)}${String(int(0, 99_999_999)).padStart(8, '0')}`;
  return { rnd, int, pick, day, phone };
}

/**
 * A demo step on the demo province's tree, once per database: in one transaction under its advisory
 * lock, recorded as seed_step `name`. Null when it ran before or there is no demo province.
 */
export async function demoStep<T>(db: Db, lock: number, name: string, run: (tx: Db, provincePath: string) => Promise<T>): Promise<T | null> {
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(lock)})`.execute(tx);
    const first = await tx
      .insertInto('seedStep')
      .values({ name })
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('name')
      .executeTakeFirst();
    if (!first) return null;
    const province = await tx
      .selectFrom('bladeDept')
      .select('idPath')
      .where('unionId', '=', DEMO_PROVINCE_UNION_ID)
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    return province ? run(tx, province.idPath) : null;
  });
}

/** GB 11714 organisation code: 8 digits and a check character. */
export function orgCode(body: string): string {
  const w = [3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, c, i) => s + Number(c) * w[i], 0);
  const c = 11 - (sum % 11);
  return body + (c === 10 ? 'X' : c === 11 ? '0' : String(c));
}

/** An org's region code as the six digits of a certificate or credit code (the province's when it has none). */
export const region6 = (code: string | null) => (code ?? '32').padEnd(6, '0').slice(0, 6);

/** Surname and its pinyin; the common surnames appear with the Jiangsu ones (顾, 陆, 钱, 缪, 储 …). */
export const SURNAMES = (
  '王wang 李li 张zhang 刘liu 陈chen 杨yang 黄huang 赵zhao 吴wu 周zhou 徐xu 孙sun 马ma 朱zhu 胡hu 郭guo 何he 高gao ' +
  '林lin 罗luo 郑zheng 梁liang 谢xie 宋song 唐tang 许xu 韩han 冯feng 邓deng 曹cao 彭peng 曾zeng 肖xiao 田tian 董dong ' +
  '袁yuan 潘pan 蒋jiang 蔡cai 余yu 杜du 叶ye 程cheng 苏su 魏wei 吕lv 丁ding 任ren 沈shen 姚yao 卢lu 姜jiang 崔cui ' +
  '钟zhong 谭tan 陆lu 汪wang 范fan 金jin 石shi 贾jia 夏xia 方fang 邹zou 孟meng 熊xiong 秦qin 江jiang 尹yin 薛xue ' +
  '顾gu 毛mao 邵shao 钱qian 严yan 戴dai 孔kong 汤tang 葛ge 缪miao 储chu 殷yin 倪ni 陶tao 吉ji 季ji 凌ling 卞bian 管guan'
)
  .split(' ')
  .map((s) => [s.slice(0, 1), s.slice(1)] as const);

/** Given names with the pinyin of each character (for account initials). */
export const MALE_GIVEN = (
  '建华:jian,hua 志强:zhi,qiang 国平:guo,ping 海涛:hai,tao 俊杰:jun,jie 文斌:wen,bin 晓东:xiao,dong 立新:li,xin ' +
  '永康:yong,kang 宏伟:hong,wei 振宇:zhen,yu 明辉:ming,hui 德明:de,ming 春雷:chun,lei 卫东:wei,dong 建军:jian,jun ' +
  '学文:xue,wen 益民:yi,min 泽宇:ze,yu 浩然:hao,ran 文博:wen,bo 一帆:yi,fan 思源:si,yuan 承志:cheng,zhi ' +
  '鹏飞:peng,fei 云峰:yun,feng 光明:guang,ming 长青:chang,qing 正阳:zheng,yang 晨阳:chen,yang 亚东:ya,dong ' +
  '锦程:jin,cheng 致远:zhi,yuan 庆华:qing,hua 金龙:jin,long 兴旺:xing,wang 书林:shu,lin 红兵:hong,bing ' +
  '卫国:wei,guo 维民:wei,min 新民:xin,min 德胜:de,sheng 宇航:yu,hang 俊峰:jun,feng 旭东:xu,dong 建平:jian,ping ' +
  '国栋:guo,dong 永刚:yong,gang 子豪:zi,hao 家乐:jia,le 嘉伟:jia,wei 启明:qi,ming 绍文:shao,wen 秋生:qiu,sheng ' +
  '海峰:hai,feng 振华:zhen,hua 志远:zhi,yuan 文杰:wen,jie 明亮:ming,liang 晓峰:xiao,feng 建新:jian,xin ' +
  '荣华:rong,hua 耀东:yao,dong 家明:jia,ming 天宇:tian,yu 志伟:zhi,wei 俊豪:jun,hao 成林:cheng,lin 长江:chang,jiang ' +
  '伟:wei 斌:bin 勇:yong 峰:feng 毅:yi 杰:jie'
)
  .split(' ')
  .map(parseGiven);

export const FEMALE_GIVEN = (
  '丽华:li,hua 秀英:xiu,ying 晓燕:xiao,yan 玉兰:yu,lan 海燕:hai,yan 雪梅:xue,mei 静怡:jing,yi 婷婷:ting,ting ' +
  '佳怡:jia,yi 欣悦:xin,yue 梦琪:meng,qi 雨桐:yu,tong 慧敏:hui,min 丽娟:li,juan 春梅:chun,mei 红霞:hong,xia ' +
  '文静:wen,jing 晓丽:xiao,li 淑芬:shu,fen 美玲:mei,ling 彩霞:cai,xia 桂芳:gui,fang 秀兰:xiu,lan 晓琳:xiao,lin ' +
  '思雨:si,yu 诗涵:shi,han 悦然:yue,ran 一诺:yi,nuo 雅琴:ya,qin 亚楠:ya,nan 瑞雪:rui,xue 晓雯:xiao,wen ' +
  '佳琪:jia,qi 梓涵:zi,han 艳华:yan,hua 玉珍:yu,zhen 素琴:su,qin 巧玲:qiao,ling 冬梅:dong,mei 晓静:xiao,jing ' +
  '婉清:wan,qing 若兰:ruo,lan 蓓蓓:bei,bei 晓红:xiao,hong 美华:mei,hua 丹丹:dan,dan 玉洁:yu,jie 雅婷:ya,ting ' +
  '梦瑶:meng,yao 子萱:zi,xuan 月华:yue,hua 秋萍:qiu,ping 晓梅:xiao,mei 春燕:chun,yan 雨萱:yu,xuan 佳慧:jia,hui ' +
  '敏:min 颖:ying 倩:qian 洁:jie 琳:lin 蕾:lei'
)
  .split(' ')
  .map(parseGiven);

export function parseGiven(s: string): { given: string; syllables: string[] } {
  const [given, py] = s.split(':');
  return { given, syllables: py.split(',') };
}

/** Names of public figures that random combination could produce; skipped. */
export const AVOID_NAMES = new Set(
  (
    '王志刚 李国庆 王立军 林俊杰 张少华 王凤英 郭晶晶 张勇 李鹏 李强 王刚 李刚 马超 朱军 周涛 汪峰 黄磊 张磊 李斌 ' +
    '张斌 李娜 李静 张敏 刘涛 范伟 江涛 胡军 王毅 张杰 韩红 王菲 赵薇 孙俪 杨洁 王琳 刘琳 王伟 董建华 刘浩然 ' +
    '王振华 陈建华 李建华 王建平'
  ).split(' '),
);

export const FIXED_PEOPLE: Record<string, { name: string; sex: number; phone: string; email: string }> = {
  admin: { name: '管理员', sex: 1, phone: '13851700001', email: 'admin@example.com' },
  js_aoc: { name: '立新', sex: 1, phone: '13905150632', email: 'js_aoc@example.com' },
  nj_aoc: { name: '思远', sex: 1, phone: '13814027851', email: 'nj_aoc@example.com' },
  nj_coc: { name: '海涛', sex: 1, phone: '13776603148', email: 'nj_coc@example.com' },
};

export const MOBILE_PREFIXES = [
  '130',
  '131',
  '132',
  '133',
  '135',
  '136',
  '137',
  '138',
  '139',
  '150',
  '151',
  '152',
  '153',
  '155',
  '156',
  '157',
  '158',
  '159',
  '166',
  '173',
  '177',
  '180',
  '181',
  '182',
  '183',
  '185',
  '186',
  '187',
  '188',
  '189',
  '191',
  '198',
  '199',
];

export interface Person {
  account: string;
  realName: string;
  name: string;
  sex: number;
  phone: string;
  email: string;
}

export class PeopleFactory {
  private readonly rand = prng(320000);
  private readonly accounts = new Set<string>();
  private readonly realNames = new Set<string>();
  private readonly phones = new Set<string>();
  private readonly givenUse = new Map<string, number>();

  constructor() {
    for (const a of DEMO_ACCOUNTS) {
      this.accounts.add(a.account.toLowerCase());
      this.realNames.add(a.realName);
      this.phones.add(FIXED_PEOPLE[a.account].phone);
    }
  }

  int(lo: number, hi: number): number {
    return lo + Math.floor(this.rand() * (hi - lo + 1));
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.rand() * list.length)];
  }

  fixed(account: string): Person {
    const a = DEMO_ACCOUNTS.find((x) => x.account === account);
    if (!a) throw new Error(`unknown demo account ${account}`);
    return { account: a.account, realName: a.realName, ...FIXED_PEOPLE[account] };
  }

  next(): Person {
    for (;;) {
      const sex = this.rand() < 0.55 ? 1 : 2;
      const [surname, surnamePy] = this.pick(SURNAMES);
      // Single-character given names are less common among office staff and collide more with well-known names.
      let g = this.pick(sex === 1 ? MALE_GIVEN : FEMALE_GIVEN);
      if (g.given.length === 1 && this.rand() < 0.6) g = this.pick(sex === 1 ? MALE_GIVEN : FEMALE_GIVEN);
      const realName = surname + g.given;
      if (this.realNames.has(realName) || AVOID_NAMES.has(realName)) continue;
      // Spread the given names: no more than three people share one.
      if ((this.givenUse.get(g.given) ?? 0) >= 3) continue;
      this.givenUse.set(g.given, (this.givenUse.get(g.given) ?? 0) + 1);

      const base = surnamePy + g.syllables.map((s) => s[0]).join('');
      let account = base + String(this.int(10, 99));
      while (this.accounts.has(account)) account = base + String(this.int(100, 999));

      let phone = this.pick(MOBILE_PREFIXES) + String(this.int(0, 99999999)).padStart(8, '0');
      while (this.phones.has(phone)) phone = this.pick(MOBILE_PREFIXES) + String(this.int(0, 99999999)).padStart(8, '0');

      this.realNames.add(realName);
      this.accounts.add(account);
      this.phones.add(phone);
      return { account, realName, name: this.nickname(surname, g.given, sex), sex, phone, email: `${account}@example.com` };
    }
  }

  /** A short name as colleagues would use it: the given name, or 小/老 plus the surname (小王, 老李). */
  private nickname(surname: string, given: string, sex: number): string {
    const r = this.rand();
    if (given.length === 2 && r < 0.5) return given;
    if (sex === 1 && r >= 0.78) return '老' + surname;
    return '小' + surname;
  }
}
