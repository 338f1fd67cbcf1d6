import type { Db } from '../connection.js';
import { demoStep } from './demo-people.js';

/** [category, question, answer]: what a federation's staff ask the support desk most. */
const QUESTIONS: Array<[string, string, string]> = [
  [
    '登录',
    '忘记登录密码怎么办?',
    '在登录页点击“忘记密码”,输入账号绑定的手机号并获取验证码即可重置。未绑定手机号的账号,请联系本单位管理员在“我的组织 › 账号管理”中重置密码,初始密码仅显示一次。',
  ],
  [
    '登录',
    '账号被锁定,提示“账号已被锁定”如何处理?',
    '连续输错密码达到上限后账号会被临时锁定。请等待锁定时间结束后重试,或联系本单位管理员在账号管理中点击“解封”。',
  ],
  [
    '登录',
    '如何使用统一身份认证(单点登录)进入系统?',
    '在登录页选择“统一身份认证登录”,跳转到认证中心完成登录后会自动返回本系统。首次使用需要由管理员将认证中心账号与本系统账号关联。',
  ],
  [
    '年报',
    '商会年报在哪里填写,截止时间是什么时候?',
    '在“我的一天”待办中点击年报填报任务,或进入“数据库 › 商会”找到本商会后选择“年报”。截止时间以上级工商联发布的填报通知为准,逾期后需联系上级工商联退回后再修改。',
  ],
  ['年报', '年报提交后发现有误,可以修改吗?', '提交后处于“待审核”状态时不能直接修改,请联系上级工商联审核人员“退回”,退回后即可修改并重新提交。'],
  [
    '会员',
    '如何新增一名会员企业?',
    '进入“数据库 › 会员”,点击“新增”,依次填写企业名称、统一社会信用代码、所属行业、联系人等信息后保存。信用代码会自动校验格式,重复录入会被提示。',
  ],
  [
    '会员',
    '会员信息能否批量导入?',
    '可以。在会员列表点击“导入”,先下载导入模板,按模板填写后上传。系统会逐行校验,校验不通过的单元格会列出原因,修正后再次导入即可。',
  ],
  ['会员', '为什么看不到其他地区的会员数据?', '会员数据按组织机构划分查看范围,您只能查看本单位及下级单位的数据。如需扩大范围,请联系管理员调整角色的数据权限。'],
  [
    '通讯录',
    '通讯录中的手机号为什么显示为星号?',
    '为保护个人信息,通讯录默认隐藏手机号中间四位。拥有“查看完整手机号”权限的人员可点击查看,每次查看都会记录日志。',
  ],
  ['通讯录', '如何把新同事加入工商联通讯录?', '本单位管理员进入“我的组织 › 工商联通讯录”,点击“维护”后选择新增成员,选择已有账号并设置排序即可。'],
  [
    '短信',
    '短信发送失败或对方收不到怎么办?',
    '请在“消息中心 › 已发送”中查看每位接收人的发送状态和失败原因。常见原因是号码错误、当日短信额度已用完或处于免打扰时段,额度可联系管理员在“短信签名与额度”中调整。',
  ],
  ['短信', '短信内容有字数限制吗?', '单条短信最多500个字,超过70个字会按多条计费。签名由系统自动添加,无需在内容中填写。'],
  [
    '消息',
    '如何给下级商会发送通知?',
    '进入“消息中心”,选择“发送通知”,在发送范围中勾选需要通知的商会或人员,填写标题和内容后发送。可在已发送列表中查看阅读情况并对未读人员再次提醒。',
  ],
  ['个人中心', '如何修改绑定的手机号?', '在“个人中心 › 更换手机号”中,先验证原手机号,再输入新手机号并填写收到的验证码即可完成更换。'],
  [
    '意见建议',
    '对系统有意见或建议如何反馈?',
    '在“客服中心”页面底部的“意见建议”中填写内容和联系方式,可附上截图。管理员回复后,您会在“我的一天 › 消息”中收到回复通知。',
  ],
];

/** Demo common questions (客服中心 › 常见问题) of the default tenant. Once per database. */
export async function seedDemoQuestions(db: Db, opts: { tenantId: string }): Promise<number | null> {
  return demoStep(db, 727035, 'demo-support-questions-v1', async (tx) => {
    const rows = QUESTIONS.map(([category, question, answer], i) => ({ tenantId: opts.tenantId, category, question, answer, sort: i + 1 }));
    await tx.insertInto('aocProblemBase').values(rows).execute();
    return rows.length;
  });
}

/** [account, content, contact]: suggestions waiting for a reply in the administrators' list. */
const SUGGESTIONS: Array<[string, string, string | null]> = [
  ['nj_coc', '希望会员批量导入时能提示具体哪一行的信用代码重复,目前需要逐条核对。', '025-84561234'],
  ['nj_aoc', '建议年报审核列表增加按提交时间排序,方便优先处理早提交的商会。', null],
];

/** Demo suggestions (意见建议) of two demo accounts, not yet replied. Once per database. */
export async function seedDemoSuggestions(db: Db, opts: { tenantId: string }): Promise<number | null> {
  return demoStep(db, 727036, 'demo-support-suggestions-v1', async (tx) => {
    const users = await tx
      .selectFrom('bladeUser')
      .select(['id', 'account', 'deptId'])
      .where(
        'account',
        'in',
        SUGGESTIONS.map(([a]) => a),
      )
      .where('isDeleted', '=', 0)
      .execute();
    const rows = SUGGESTIONS.flatMap(([account, content, contactInformation]) =>
      users.filter((u) => u.account === account).map((u) => ({ tenantId: opts.tenantId, userId: u.id, deptId: u.deptId, content, contactInformation })),
    );
    if (rows.length) await tx.insertInto('aocSuggestion').values(rows).execute();
    return rows.length;
  });
}
