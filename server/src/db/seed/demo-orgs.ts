/** The demo province's organisations: 江苏省工商联, its cities and counties, chambers and associations. */

export const FEDERATION = 1;
export const CHAMBER = 2;
export const ASSOCIATION = 3;

/** chamber_type: 1 行业商会, 2 地区商会 (街道/乡镇), 3 外省在苏异地商会, 4 江苏在外地商会. */
export const INDUSTRY = 1;
export const DISTRICT = 2;
export const OUT_OF_PROVINCE = 3;
export const JIANGSU_ELSEWHERE = 4;

export interface OrgSpec {
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
export type MemberOrg = [string, number | 'A', string?];

export interface CountySpec {
  name: string; // e.g. 江宁区, 昆山市, 沛县
  code: string;
  orgs?: MemberOrg[];
}

export interface CitySpec {
  name: string; // e.g. 南京市
  code: string;
  counties: CountySpec[];
  orgs: MemberOrg[];
}

export const PROVINCE_ORGS: MemberOrg[] = [
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

export const CITIES: CitySpec[] = [
  {
    name: '南京市',
    code: '320100',
    counties: [
      { name: '玄武区', code: '320102', orgs: [['玄武区玄武门街道商会', DISTRICT]] },
      { name: '鼓楼区', code: '320106', orgs: [['鼓楼区湖南路街道商会', DISTRICT]] },
      { name: '浦口区', code: '320111', orgs: [['浦口区桥林街道商会', DISTRICT]] },
      {
        name: '江宁区',
        code: '320115',
        orgs: [
          ['江宁区淳化街道商会', DISTRICT],
          ['江宁区东山街道商会', DISTRICT],
        ],
      },
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
    name: '无锡市',
    code: '320200',
    counties: [
      { name: '梁溪区', code: '320213', orgs: [['梁溪区崇安寺街道商会', DISTRICT]] },
      {
        name: '江阴市',
        code: '320281',
        orgs: [
          ['江阴市周庄镇商会', DISTRICT],
          ['江阴市新桥镇商会', DISTRICT],
        ],
      },
      {
        name: '宜兴市',
        code: '320282',
        orgs: [
          ['宜兴市丁蜀镇商会', DISTRICT],
          ['宜兴市环保产业商会', INDUSTRY],
        ],
      },
    ],
    orgs: [
      ['无锡市物联网产业商会', INDUSTRY],
      ['无锡市纺织服装商会', INDUSTRY],
      ['无锡市温州商会', OUT_OF_PROVINCE],
      ['无锡市女企业家协会', 'A'],
    ],
  },
  {
    name: '徐州市',
    code: '320300',
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
    name: '常州市',
    code: '320400',
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
    name: '苏州市',
    code: '320500',
    counties: [
      { name: '吴江区', code: '320509', orgs: [['吴江区盛泽镇商会', DISTRICT]] },
      { name: '常熟市', code: '320581', orgs: [['常熟市服装行业商会', INDUSTRY]] },
      { name: '张家港市', code: '320582', orgs: [['张家港市锦丰镇商会', DISTRICT]] },
      {
        name: '昆山市',
        code: '320583',
        orgs: [
          ['昆山市玉山镇商会', DISTRICT],
          ['昆山市周市镇商会', DISTRICT],
        ],
      },
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
    name: '南通市',
    code: '320600',
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
    name: '连云港市',
    code: '320700',
    counties: [
      { name: '海州区', code: '320706' },
      {
        name: '东海县',
        code: '320722',
        orgs: [
          ['东海县水晶商会', INDUSTRY],
          ['东海县牛山街道商会', DISTRICT],
        ],
      },
    ],
    orgs: [
      ['连云港市医药商会', INDUSTRY],
      ['连云港市山东商会', OUT_OF_PROVINCE],
    ],
  },
  {
    name: '淮安市',
    code: '320800',
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
    name: '盐城市',
    code: '320900',
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
    name: '扬州市',
    code: '321000',
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
    name: '镇江市',
    code: '321100',
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
    name: '泰州市',
    code: '321200',
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
    name: '宿迁市',
    code: '321300',
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
export const FIXED_BY_ORG: Record<string, string[]> = {
  江苏省工商联: ['admin', 'js_aoc'],
  南京市工商联: ['nj_aoc'],
  南京市浙江商会: ['nj_coc'],
};

export function federation(deptName: string, fullName: string, regionCode: string, regionLevel: number, children: OrgSpec[]): OrgSpec {
  return { deptName, fullName, category: FEDERATION, chamberType: null, regionCode, regionLevel, remark: null, fixed: FIXED_BY_ORG[deptName] ?? [], children };
}

export function memberOrgs(orgs: MemberOrg[] | undefined, regionCode: string, regionLevel: number): OrgSpec[] {
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
export function countyTitle(city: CitySpec, county: CountySpec): string {
  return county.name.endsWith('区') ? city.name + county.name : county.name;
}

export function buildTree(): OrgSpec {
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
