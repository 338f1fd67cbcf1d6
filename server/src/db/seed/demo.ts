/**
 * Demo data: a provincial federation of industry and commerce (江苏省工商联) with its 13 city
 * federations, county-level federations, chambers of commerce and associations, and their staff.
 *
 * Everything is deterministic (fixed PRNG seed), so two fresh databases get the same names,
 * accounts and phones; only the ids depend on the database's sequences.
 */
import { sql } from 'kysely';
import type { Db } from '../connection.js';

export interface DemoContext {
  tenantId: string; // '000001'
  passwordHash: string; // argon2id hash of the demo password, computed once by the caller
  roleIds: { administrator: string; admin: string; aoc: string; coc: string };
}

type DemoRole = 'administrator' | 'aoc' | 'coc';

/** union_id of the province federation; its presence means the demo data is already there. */
export const DEMO_PROVINCE_UNION_ID = 'U3200000001';

export const DEMO_ACCOUNTS: Array<{ account: string; realName: string; role: DemoRole; description: string }> = [
  { account: 'admin', realName: '系统管理员', role: 'administrator', description: '系统管理员（江苏省工商联）：管理租户、菜单、角色、字典和系统参数' },
  { account: 'js_aoc', realName: '周立新', role: 'aoc', description: '江苏省工商联工作人员：可查看和管理全省各级工商联、商会和协会' },
  { account: 'nj_aoc', realName: '陈思远', role: 'aoc', description: '南京市工商联工作人员：可查看和管理南京市及所辖区工商联、商会和协会' },
  { account: 'nj_coc', realName: '方海涛', role: 'coc', description: '南京市浙江商会工作人员：维护本商会信息、会员和填报数据' },
];

// ---------------------------------------------------------------------------------------------
// Organisation data

const FEDERATION = 1;
const CHAMBER = 2;
const ASSOCIATION = 3;

/** chamber_type: 1 行业商会, 2 地区商会 (街道/乡镇), 3 外省在苏异地商会, 4 江苏在外地商会. */
const INDUSTRY = 1;
const DISTRICT = 2;
const OUT_OF_PROVINCE = 3;
const JIANGSU_ELSEWHERE = 4;

interface OrgSpec {
  deptName: string;
  fullName: string;
  category: number;
  chamberType: number | null;
  regionCode: string;
  regionLevel: number;
  remark: string | null;
  /** Fixed demo accounts placed in this org, before any generated staff. */
  fixed: string[];
  children: OrgSpec[];
}

/** A chamber or association hanging under a federation: [name, chamberType or 'A' for an association, remark?]. */
type MemberOrg = [string, number | 'A', string?];

interface CountySpec {
  name: string; // e.g. 江宁区, 昆山市, 沛县
  code: string;
  orgs?: MemberOrg[];
}

interface CitySpec {
  name: string; // e.g. 南京市
  code: string;
  counties: CountySpec[];
  orgs: MemberOrg[];
}

const PROVINCE_ORGS: MemberOrg[] = [
  ['江苏省房地产商会', INDUSTRY],
  ['江苏省纺织服装商会', INDUSTRY],
  ['江苏省医药商会', INDUSTRY],
  ['江苏省新能源商会', INDUSTRY],
  ['江苏省物流商会', INDUSTRY],
  ['江苏省电子商务商会', INDUSTRY],
  ['江苏省建材商会', INDUSTRY],
  ['江苏省环保产业商会', INDUSTRY],
  ['北京江苏商会', JIANGSU_ELSEWHERE, '驻北京市'],
  ['上海江苏商会', JIANGSU_ELSEWHERE, '驻上海市'],
  ['天津江苏商会', JIANGSU_ELSEWHERE, '驻天津市'],
  ['重庆江苏商会', JIANGSU_ELSEWHERE, '驻重庆市'],
  ['深圳江苏商会', JIANGSU_ELSEWHERE, '驻广东省深圳市'],
  ['四川江苏商会', JIANGSU_ELSEWHERE, '驻四川省成都市'],
  ['新疆江苏商会', JIANGSU_ELSEWHERE, '驻新疆维吾尔自治区乌鲁木齐市'],
  ['江苏省民营企业家协会', 'A'],
  ['江苏省民营科技企业协会', 'A'],
  ['江苏省光彩事业促进会', 'A'],
];

const CITIES: CitySpec[] = [
  {
    name: '南京市', code: '320100',
    counties: [
      { name: '玄武区', code: '320102', orgs: [['玄武区玄武门街道商会', DISTRICT]] },
      { name: '鼓楼区', code: '320106', orgs: [['鼓楼区湖南路街道商会', DISTRICT]] },
      { name: '浦口区', code: '320111', orgs: [['浦口区桥林街道商会', DISTRICT]] },
      { name: '江宁区', code: '320115', orgs: [['江宁区淳化街道商会', DISTRICT], ['江宁区东山街道商会', DISTRICT]] },
    ],
    orgs: [
      ['南京市浙江商会', OUT_OF_PROVINCE],
      ['南京市福建商会', OUT_OF_PROVINCE],
      ['南京市餐饮商会', INDUSTRY],
      ['南京市软件行业商会', INDUSTRY],
      ['南京市青年企业家协会', 'A'],
    ],
  },
  {
    name: '无锡市', code: '320200',
    counties: [
      { name: '梁溪区', code: '320213', orgs: [['梁溪区崇安寺街道商会', DISTRICT]] },
      { name: '江阴市', code: '320281', orgs: [['江阴市周庄镇商会', DISTRICT], ['江阴市新桥镇商会', DISTRICT]] },
      { name: '宜兴市', code: '320282', orgs: [['宜兴市丁蜀镇商会', DISTRICT], ['宜兴市环保产业商会', INDUSTRY]] },
    ],
    orgs: [
      ['无锡市物联网产业商会', INDUSTRY],
      ['无锡市纺织服装商会', INDUSTRY],
      ['无锡市温州商会', OUT_OF_PROVINCE],
      ['无锡市女企业家协会', 'A'],
    ],
  },
  {
    name: '徐州市', code: '320300',
    counties: [
      { name: '铜山区', code: '320312', orgs: [['铜山区柳新镇商会', DISTRICT]] },
      { name: '沛县', code: '320322', orgs: [['沛县龙固镇商会', DISTRICT]] },
      { name: '邳州市', code: '320382', orgs: [['邳州市板材商会', INDUSTRY]] },
    ],
    orgs: [
      ['徐州市工程机械商会', INDUSTRY],
      ['徐州市河南商会', OUT_OF_PROVINCE],
    ],
  },
  {
    name: '常州市', code: '320400',
    counties: [
      { name: '新北区', code: '320411', orgs: [['新北区孟河镇商会', DISTRICT]] },
      { name: '武进区', code: '320412', orgs: [['武进区湖塘镇商会', DISTRICT]] },
      { name: '溧阳市', code: '320481', orgs: [['溧阳市天目湖镇商会', DISTRICT]] },
    ],
    orgs: [
      ['常州市新能源商会', INDUSTRY],
      ['常州市安徽商会', OUT_OF_PROVINCE],
      ['常州市民营企业协会', 'A'],
    ],
  },
  {
    name: '苏州市', code: '320500',
    counties: [
      { name: '吴江区', code: '320509', orgs: [['吴江区盛泽镇商会', DISTRICT]] },
      { name: '常熟市', code: '320581', orgs: [['常熟市服装行业商会', INDUSTRY]] },
      { name: '张家港市', code: '320582', orgs: [['张家港市锦丰镇商会', DISTRICT]] },
      { name: '昆山市', code: '320583', orgs: [['昆山市玉山镇商会', DISTRICT], ['昆山市周市镇商会', DISTRICT]] },
    ],
    orgs: [
      ['苏州市丝绸行业商会', INDUSTRY],
      ['苏州市电子信息行业商会', INDUSTRY],
      ['苏州市福建商会', OUT_OF_PROVINCE],
      ['苏州市湖南商会', OUT_OF_PROVINCE],
      ['苏州市青年企业家协会', 'A'],
    ],
  },
  {
    name: '南通市', code: '320600',
    counties: [
      { name: '启东市', code: '320681', orgs: [['启东市吕四港镇商会', DISTRICT]] },
      { name: '如皋市', code: '320682', orgs: [['如皋市城北街道商会', DISTRICT]] },
      { name: '海安市', code: '320685', orgs: [['海安市城东镇商会', DISTRICT]] },
    ],
    orgs: [
      ['南通市建筑业商会', INDUSTRY],
      ['南通市家纺商会', INDUSTRY],
      ['南通市江西商会', OUT_OF_PROVINCE],
    ],
  },
  {
    name: '连云港市', code: '320700',
    counties: [
      { name: '海州区', code: '320706' },
      { name: '东海县', code: '320722', orgs: [['东海县水晶商会', INDUSTRY], ['东海县牛山街道商会', DISTRICT]] },
    ],
    orgs: [
      ['连云港市医药商会', INDUSTRY],
      ['连云港市山东商会', OUT_OF_PROVINCE],
    ],
  },
  {
    name: '淮安市', code: '320800',
    counties: [
      { name: '清江浦区', code: '320812' },
      { name: '盱眙县', code: '320830', orgs: [['盱眙县龙虾产业商会', INDUSTRY]] },
    ],
    orgs: [
      ['淮安市食品商会', INDUSTRY],
      ['淮安市四川商会', OUT_OF_PROVINCE],
    ],
  },
  {
    name: '盐城市', code: '320900',
    counties: [
      { name: '大丰区', code: '320904', orgs: [['大丰区大中街道商会', DISTRICT]] },
      { name: '建湖县', code: '320925' },
      { name: '东台市', code: '320981', orgs: [['东台市富安镇商会', DISTRICT]] },
    ],
    orgs: [
      ['盐城市汽车零部件商会', INDUSTRY],
      ['盐城市上海商会', OUT_OF_PROVINCE],
    ],
  },
  {
    name: '扬州市', code: '321000',
    counties: [
      { name: '江都区', code: '321012', orgs: [['江都区仙女镇商会', DISTRICT]] },
      { name: '仪征市', code: '321081' },
      { name: '高邮市', code: '321084', orgs: [['高邮市界首镇商会', DISTRICT]] },
    ],
    orgs: [
      ['扬州市旅游商会', INDUSTRY],
      ['扬州市湖北商会', OUT_OF_PROVINCE],
      ['扬州市民营企业家协会', 'A'],
    ],
  },
  {
    name: '镇江市', code: '321100',
    counties: [
      { name: '丹阳市', code: '321181', orgs: [['丹阳市眼镜商会', INDUSTRY]] },
      { name: '扬中市', code: '321182', orgs: [['扬中市新坝镇商会', DISTRICT]] },
      { name: '句容市', code: '321183', orgs: [['句容市宝华镇商会', DISTRICT]] },
    ],
    orgs: [
      ['镇江市调味品商会', INDUSTRY],
      ['镇江市河北商会', OUT_OF_PROVINCE],
    ],
  },
  {
    name: '泰州市', code: '321200',
    counties: [
      { name: '兴化市', code: '321281', orgs: [['兴化市戴南镇商会', DISTRICT]] },
      { name: '靖江市', code: '321282', orgs: [['靖江市斜桥镇商会', DISTRICT]] },
      { name: '泰兴市', code: '321283', orgs: [['泰兴市黄桥镇商会', DISTRICT]] },
    ],
    orgs: [
      ['泰州市船舶工业商会', INDUSTRY],
      ['泰州市浙江商会', OUT_OF_PROVINCE],
    ],
  },
  {
    name: '宿迁市', code: '321300',
    counties: [
      { name: '沭阳县', code: '321322', orgs: [['沭阳县花木商会', INDUSTRY]] },
      { name: '泗洪县', code: '321324' },
    ],
    orgs: [
      ['宿迁市酒业商会', INDUSTRY],
      ['宿迁市安徽商会', OUT_OF_PROVINCE],
      ['宿迁市电子商务协会', 'A'],
    ],
  },
];

/** Fixed accounts by the dept_name of the org they belong to. */
const FIXED_BY_ORG: Record<string, string[]> = {
  江苏省工商联: ['admin', 'js_aoc'],
  南京市工商联: ['nj_aoc'],
  南京市浙江商会: ['nj_coc'],
};

function federation(deptName: string, fullName: string, regionCode: string, regionLevel: number, children: OrgSpec[]): OrgSpec {
  return { deptName, fullName, category: FEDERATION, chamberType: null, regionCode, regionLevel, remark: null, fixed: FIXED_BY_ORG[deptName] ?? [], children };
}

function memberOrgs(orgs: MemberOrg[] | undefined, regionCode: string, regionLevel: number): OrgSpec[] {
  return (orgs ?? []).map(([name, type, remark]) => ({
    deptName: name,
    fullName: name,
    category: type === 'A' ? ASSOCIATION : CHAMBER,
    chamberType: type === 'A' ? null : type,
    regionCode,
    regionLevel,
    remark: remark ?? null,
    fixed: FIXED_BY_ORG[name] ?? [],
    children: [],
  }));
}

/** Districts carry their city's name (南京市江宁区工商联); counties and county-level cities stand alone (昆山市工商联). */
function countyTitle(city: CitySpec, county: CountySpec): string {
  return county.name.endsWith('区') ? city.name + county.name : county.name;
}

function buildTree(): OrgSpec {
  const cities = CITIES.map((city) => {
    const counties = city.counties.map((county) => {
      const title = countyTitle(city, county);
      return federation(title + '工商联', title + '工商业联合会', county.code, 3, memberOrgs(county.orgs, county.code, 3));
    });
    return federation(city.name + '工商联', city.name + '工商业联合会', city.code, 2, [...counties, ...memberOrgs(city.orgs, city.code, 2)]);
  });
  return federation('江苏省工商联', '江苏省工商业联合会', '320000', 1, [...cities, ...memberOrgs(PROVINCE_ORGS, '320000', 1)]);
}

// ---------------------------------------------------------------------------------------------
// People

/** mulberry32: a small deterministic PRNG, so the demo data is the same on every fresh database. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Surname and its pinyin; the common surnames appear with the Jiangsu ones (顾, 陆, 钱, 缪, 储 …). */
const SURNAMES = (
  '王wang 李li 张zhang 刘liu 陈chen 杨yang 黄huang 赵zhao 吴wu 周zhou 徐xu 孙sun 马ma 朱zhu 胡hu 郭guo 何he 高gao ' +
  '林lin 罗luo 郑zheng 梁liang 谢xie 宋song 唐tang 许xu 韩han 冯feng 邓deng 曹cao 彭peng 曾zeng 肖xiao 田tian 董dong ' +
  '袁yuan 潘pan 蒋jiang 蔡cai 余yu 杜du 叶ye 程cheng 苏su 魏wei 吕lv 丁ding 任ren 沈shen 姚yao 卢lu 姜jiang 崔cui ' +
  '钟zhong 谭tan 陆lu 汪wang 范fan 金jin 石shi 贾jia 夏xia 方fang 邹zou 孟meng 熊xiong 秦qin 江jiang 尹yin 薛xue ' +
  '顾gu 毛mao 邵shao 钱qian 严yan 戴dai 孔kong 汤tang 葛ge 缪miao 储chu 殷yin 倪ni 陶tao 吉ji 季ji 凌ling 卞bian 管guan'
)
  .split(' ')
  .map((s) => [s.slice(0, 1), s.slice(1)] as const);

/** Given names with the pinyin of each character (for account initials). */
const MALE_GIVEN = (
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

const FEMALE_GIVEN = (
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

function parseGiven(s: string): { given: string; syllables: string[] } {
  const [given, py] = s.split(':');
  return { given, syllables: py.split(',') };
}

/** Names of public figures that random combination could produce; skipped. */
const AVOID_NAMES = new Set(
  (
    '王志刚 李国庆 王立军 林俊杰 张少华 王凤英 郭晶晶 张勇 李鹏 李强 王刚 李刚 马超 朱军 周涛 汪峰 黄磊 张磊 李斌 ' +
    '张斌 李娜 李静 张敏 刘涛 范伟 江涛 胡军 王毅 张杰 韩红 王菲 赵薇 孙俪 杨洁 王琳 刘琳 王伟 董建华 刘浩然 ' +
    '王振华 陈建华 李建华 王建平'
  ).split(' '),
);

const FIXED_PEOPLE: Record<string, { name: string; sex: number; phone: string; email: string }> = {
  admin: { name: '管理员', sex: 1, phone: '13851700001', email: 'admin@example.com' },
  js_aoc: { name: '立新', sex: 1, phone: '13905150632', email: 'js_aoc@example.com' },
  nj_aoc: { name: '思远', sex: 1, phone: '13814027851', email: 'nj_aoc@example.com' },
  nj_coc: { name: '海涛', sex: 1, phone: '13776603148', email: 'nj_coc@example.com' },
};

const MOBILE_PREFIXES = [
  '130', '131', '132', '133', '135', '136', '137', '138', '139', '150', '151', '152', '153', '155', '156', '157', '158',
  '159', '166', '173', '177', '180', '181', '182', '183', '185', '186', '187', '188', '189', '191', '198', '199',
];

interface Person {
  account: string;
  realName: string;
  name: string;
  sex: number;
  phone: string;
  email: string;
}

class PeopleFactory {
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
