import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MESSAGE_MSG, MYCENTER_MSG, PHONE_MSG, STALE_VERSION_MSG } from '@gsl/contract';
import type { TestApp } from '../../../../test/app.js';
import { uploadFile } from '../../../../test/harness/files.js';
import { createUser, deptId, type QualityUser } from '../../../../test/harness/people.js';
import { useTestApp } from '../../../../test/use-test-app.js';

/**
 * 个人中心 as its user notices it: the own profile (phone masked, never set here), the own phone bound
 * or changed only with SMS codes, the own sign-on history, and the password change keeping this session.
 * Every call is on the caller's account: nothing here can read or change another one.
 */
let t: TestApp;
let cocRole: string;
let chamber: string;

const tokens = useTestApp(['nj_coc', 'nj_aoc'], async (app) => {
  t = app;
  cocRole = String((await t.db.selectFrom('bladeRole').select('id').where('roleAlias', '=', 'coc').executeTakeFirstOrThrow()).id);
  chamber = await deptId(t.db, '南京市浙江商会');
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);

const call = (token: string | undefined, method: 'GET' | 'POST', url: string, opts: { body?: unknown; query?: Record<string, string> } = {}) =>
  t.call({ method, url, token, ...opts });
const info = (token?: string) => call(token, 'GET', '/api/aoc-service/userProfile/info');
const update = (token: string, body: unknown) => call(token, 'POST', '/api/aoc-service/userProfile/update', { body });
const bind = (token: string, body: unknown) => call(token, 'POST', '/api/blade-user/mobile', { body });
const codeTo = (token: string, mobile: string) => call(token, 'POST', '/api/msg-center/sms/code', { body: { mobile } });
const codeToCurrent = (token: string) => call(token, 'POST', '/api/blade-user/mobile/current/code');
const verifyCurrent = (token: string, code: string) => call(token, 'POST', '/api/blade-user/mobile/current/validate', { body: { code } });
const userRow = (id: string) => t.db.selectFrom('bladeUser').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The code the SMS outbox holds for the number (the newest), once the outbox worker has delivered it. */
async function codeSentTo(mobile: string): Promise<string> {
  await t.app.services.outbox.drainUntilIdle(30_000);
  const sms = await t.db.selectFrom('smsOutbox').select('content').where('mobile', '=', mobile).orderBy('id', 'desc').executeTakeFirstOrThrow();
  return /验证码为(\d{6})/.exec(sms.content)![1];
}
const another = (code: string) => (code === '000000' ? '111111' : '000000');
/** The 60 seconds between two codes to one number pass (the codes issued so far are made older). */
const resendWaitOver = () =>
  t.db
    .updateTable('msgSmsCode')
    .set({ createTime: sql<Date>`now() - interval '2 minutes'` })
    .execute();

let seq = 0;
/** A chamber staff account without a phone, signed on. */
async function newUser(): Promise<QualityUser & { token: string }> {
  seq++;
  const u = await createUser(t.db, { account: `mycenter_${seq}`, deptId: chamber, roleIds: [cocRole], realName: `个人中心${seq}` });
  return { ...u, token: (await t.login(u.account, u.password)).access_token };
}

describe('userProfile/info', () => {
  it("answers the caller's own profile with the phone masked, and needs a token", async () => {
    expect((await info()).status).toBe(401);
    const res = await info(tokens.nj_coc);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      account: 'nj_coc',
      realName: '方海涛',
      phone: '137****3148',
      phoneBound: true,
      deptName: '南京市浙江商会',
      roleNames: '商会工作人员',
    });
    expect(Array.isArray(res.body.data.postNames)).toBe(true);
    expect(res.raw).not.toMatch(/13776603148|passwordHash|password_hash/);

    const fresh = await newUser();
    expect((await info(fresh.token)).body.data).toMatchObject({ account: fresh.account, phone: null, phoneBound: false });
  });

  it('names the post (岗位) the account holds', async () => {
    const u = await newUser();
    const post = await t.db
      .insertInto('bladePost')
      .values({ tenantId: '000001', postCode: `mc${seq}`, postName: '秘书长' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('bladeUser').set({ postId: post.id }).where('id', '=', u.id).execute();
    expect((await info(u.token)).body.data.postNames).toEqual(['秘书长']);
  });
});

describe('userProfile/update', () => {
  it('saves the own fields at the version read (更新成功), and only the own account', async () => {
    const u = await newUser();
    const before = (await info(u.token)).body.data;
    const other = await userRow((await t.db.selectFrom('bladeUser').select('id').where('account', '=', 'nj_coc').executeTakeFirstOrThrow()).id);
    const res = await update(u.token, { version: before.version, realName: '张晓明', name: '晓明', sex: 2, email: 'xm@example.cn' });
    expect(res.body).toMatchObject({ code: 200, msg: '更新成功' });
    expect(res.body.data).toMatchObject({ realName: '张晓明', name: '晓明', sex: 2, sexName: '女', email: 'xm@example.cn', version: before.version + 1 });
    expect(await userRow(u.id)).toMatchObject({ realName: '张晓明', name: '晓明', sex: 2, email: 'xm@example.cn' });
    expect(await userRow(other.id)).toEqual(other);

    // Absent fields keep their value; '' clears an optional one.
    const cleared = await update(u.token, { version: before.version + 1, email: '' });
    expect(cleared.body.data).toMatchObject({ realName: '张晓明', name: '晓明', email: null });
  });

  it('refuses a stale version, bad fields and the phone, in Chinese, changing nothing', async () => {
    const u = await newUser();
    const { version } = (await info(u.token)).body.data;
    const row = await userRow(u.id);
    const refused = async (body: unknown, msg: string) => {
      const res = await update(u.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toBe(msg);
    };
    await refused({ version: version + 5, name: '旧版本' }, STALE_VERSION_MSG);
    await refused({ name: '无版本' }, '数据版本号必须是数字');
    await refused({ version, realName: '  ' }, '请输入姓名');
    await refused({ version, email: 'not-an-email' }, '邮箱格式不正确');
    await refused({ version, sex: 5 }, '性别取值不正确');
    await refused({ version, phone: '13912345678' }, MYCENTER_MSG.phoneNotHere);
    await refused({ version, realName: '张', account: 'hijack' }, '出现未知的键(key): "account"');
    expect(await userRow(u.id)).toEqual(row);
  });

  it('takes as avatar only an avatar upload of the caller', async () => {
    const u = await newUser();
    const v = async () => (await info(u.token)).body.data.version as number;
    const own = (await uploadFile(t, u.token, 'me.png', PNG, '?category=avatar')).body.data.link as string;
    const ownPlain = (await uploadFile(t, u.token, 'doc.png', PNG)).body.data.link as string;
    const others = (await uploadFile(t, tokens.nj_coc, 'her.png', PNG, '?category=avatar')).body.data.link as string;

    for (const avatar of [others, ownPlain, '/api/blade-resource/attach/download?id=' + 'f'.repeat(32), 'https://evil.example/x.png']) {
      const res = await update(u.token, { version: await v(), avatar });
      expect(res.body.msg, avatar).toBe(MYCENTER_MSG.avatarInvalid);
    }
    expect((await userRow(u.id)).avatar).toBeNull();

    const saved = await update(u.token, { version: await v(), avatar: own });
    expect(saved.body).toMatchObject({ code: 200, data: { avatar: own } });
    // The stored avatar may come back unchanged with the rest of the form.
    expect((await update(u.token, { version: await v(), avatar: own, name: '头像' })).body.code).toBe(200);
    // And the user can open it.
    const id = own.slice(own.indexOf('id=') + 3);
    expect((await call(u.token, 'GET', '/api/blade-resource/attach/download-link', { query: { id } })).status).toBe(200);
    expect((await update(u.token, { version: await v(), avatar: '' })).body.data.avatar).toBeNull();
  });
});

describe('blade-user/mobile: binding a first phone', () => {
  it('checks the number by the §5 rules and the code, then binds it; the code works once', async () => {
    const u = await newUser();
    const refused = async (body: unknown, msg: string) => {
      const res = await bind(u.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toBe(msg);
    };
    await refused({ mobile: '', code: '123456' }, PHONE_MSG.required);
    await refused({ mobile: '1391234567', code: '123456' }, PHONE_MSG.length);
    await refused({ mobile: '12345678901', code: '123456' }, PHONE_MSG.format);
    await refused({ mobile: '13911112222' }, '请输入验证码');
    await refused({ mobile: '13911112222', code: '12ab' }, '验证码为6位数字');
    await refused({ mobile: '13911112222', code: '123456' }, MESSAGE_MSG.codeExpired); // no code was sent

    expect((await codeTo(u.token, '13911112222')).body.code).toBe(200);
    const code = await codeSentTo('13911112222');
    await refused({ mobile: '13911112222', code: another(code) }, MESSAGE_MSG.codeWrong);
    expect((await userRow(u.id)).phone).toBeNull();

    const ok = await bind(u.token, { mobile: '13911112222', code });
    expect(ok.body).toMatchObject({ code: 200, msg: MYCENTER_MSG.bound, data: { phone: '139****2222', phoneBound: true } });
    expect((await userRow(u.id)).phone).toBe('13911112222');
    // Used once: sms/validate no longer takes it.
    expect((await call(u.token, 'POST', '/api/msg-center/sms/validate', { body: { mobile: '13911112222', code } })).body.msg).toBe(MESSAGE_MSG.codeExpired);
  });

  it('refuses a number another account holds, with a clear message', async () => {
    const u = await newUser();
    const taken = (await t.db.selectFrom('bladeUser').select('phone').where('account', '=', 'nj_aoc').executeTakeFirstOrThrow()).phone!;
    await codeTo(u.token, taken);
    const res = await bind(u.token, { mobile: taken, code: await codeSentTo(taken) });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(MYCENTER_MSG.mobileTaken);
    expect((await userRow(u.id)).phone).toBeNull();
  });

  it('needs a token', async () => {
    expect((await t.call({ method: 'POST', url: '/api/blade-user/mobile', body: { mobile: '13911112222', code: '123456' } })).status).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/blade-user/mobile/current/code' })).status).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/blade-user/mobile/current/validate', body: { code: '123456' } })).status).toBe(401);
  });
});

describe('blade-user/mobile: changing the bound phone (更换手机号)', () => {
  /** A user with a bound phone (through the binding calls). */
  async function boundUser(mobile: string) {
    const u = await newUser();
    await codeTo(u.token, mobile);
    expect((await bind(u.token, { mobile, code: await codeSentTo(mobile) })).body.code).toBe(200);
    return u;
  }

  it('first verifies the number bound now, then binds the new one with its own code', async () => {
    const u = await boundUser('13922223333');
    // Without step 1 the new number is refused, even with a right code.
    await codeTo(u.token, '13922224444');
    const early = await bind(u.token, { mobile: '13922224444', code: await codeSentTo('13922224444') });
    expect(early.body.msg).toBe(MYCENTER_MSG.verifyCurrentFirst);
    expect((await bind(u.token, { mobile: '13922223333', code: '123456' })).body.msg).toBe(MYCENTER_MSG.mobileSame);

    // Step 1: the code goes to the number bound now (shown masked), a wrong one is refused.
    await resendWaitOver();
    const sent = await codeToCurrent(u.token);
    expect(sent.body).toMatchObject({ code: 200, data: { phone: '139****3333', expiresIn: 300, resendIn: 60 } });
    const old = await codeSentTo('13922223333');
    expect((await verifyCurrent(u.token, another(old))).body.msg).toBe(MESSAGE_MSG.codeWrong);
    const verified = await verifyCurrent(u.token, old);
    expect(verified.body).toMatchObject({ code: 200, msg: MYCENTER_MSG.currentVerified, data: { expiresIn: 600 } });

    // Step 2: the new number's code.
    await resendWaitOver();
    await codeTo(u.token, '13922224444');
    const code = await codeSentTo('13922224444');
    expect((await bind(u.token, { mobile: '13922224444', code: another(code) })).body.msg).toBe(MESSAGE_MSG.codeWrong);
    const done = await bind(u.token, { mobile: '13922224444', code });
    expect(done.body).toMatchObject({ code: 200, msg: MYCENTER_MSG.changed, data: { phone: '139****4444' } });
    expect((await userRow(u.id)).phone).toBe('13922224444');

    // The verified step is used up with the change.
    await resendWaitOver();
    await codeTo(u.token, '13922225555');
    expect((await bind(u.token, { mobile: '13922225555', code: await codeSentTo('13922225555') })).body.msg).toBe(MYCENTER_MSG.verifyCurrentFirst);
    expect(await t.db.selectFrom('bladeUserMobileStep').select('userId').where('userId', '=', u.id).execute()).toEqual([]);
  });

  it('refuses a step that ran out, or one for a number no longer bound', async () => {
    const u = await boundUser('13933334444');
    await resendWaitOver();
    await codeToCurrent(u.token);
    expect((await verifyCurrent(u.token, await codeSentTo('13933334444'))).body.code).toBe(200);
    await t.db
      .updateTable('bladeUserMobileStep')
      .set({ expiresAt: sql<Date>`now() - interval '1 second'` })
      .where('userId', '=', u.id)
      .execute();
    await codeTo(u.token, '13933335555');
    const late = await bind(u.token, { mobile: '13933335555', code: await codeSentTo('13933335555') });
    expect(late.body.msg).toBe(MYCENTER_MSG.verifyExpired);

    // A step verified the number bound then; after an administrator changed it, it no longer counts.
    await t.db
      .updateTable('bladeUserMobileStep')
      .set({ expiresAt: sql<Date>`now() + interval '5 minutes'` })
      .where('userId', '=', u.id)
      .execute();
    await t.db.updateTable('bladeUser').set({ phone: '13933336666' }).where('id', '=', u.id).execute();
    await resendWaitOver();
    await codeTo(u.token, '13933335555');
    const stale = await bind(u.token, { mobile: '13933335555', code: await codeSentTo('13933335555') });
    expect(stale.body.msg).toBe(MYCENTER_MSG.verifyCurrentFirst);
    expect((await userRow(u.id)).phone).toBe('13933336666');
  });

  it('without a bound phone there is no current number to verify', async () => {
    const u = await newUser();
    expect((await codeToCurrent(u.token)).body.msg).toBe(MYCENTER_MSG.noPhone);
    expect((await verifyCurrent(u.token, '123456')).body.msg).toBe(MYCENTER_MSG.noPhone);
  });
});

describe('login-log/own (登录信息)', () => {
  it("lists the caller's own sign-ons only, newest first, failures included", async () => {
    const u = await newUser();
    expect((await t.passwordGrant(u.account, 'Wrong@2026')).status).toBe(400);
    await t.login(u.account, u.password);
    const list = (query: Record<string, string> = {}) => call(u.token, 'GET', '/api/blade-user/login-log/own', { query: { size: '100', ...query } });
    const res = await list();
    expect(res.status).toBe(200);
    const records = res.body.data.records as Array<Record<string, any>>;
    expect(records).toHaveLength(3);
    expect(records.every((r) => r.userId === u.id && r.account === u.account)).toBe(true);
    expect(records.map((r) => r.success)).toEqual([1, 0, 1]);
    expect(records[1]).toMatchObject({ loginTypeName: '账号密码', message: '用户名或密码不正确' });
    expect(records[0].createTime >= records[2].createTime).toBe(true);
    expect(records[0].remoteIp).toBeTruthy();

    expect((await list({ success: '0' })).body.data.records.map((r: any) => r.success)).toEqual([0]);
    expect((await list({ size: '1', current: '2' })).body.data).toMatchObject({ total: 3, records: [{ success: 0 }] });
    expect((await list({ success: '2' })).body.msg).toBe('登录结果取值不正确');
    // A plain chamber account (no 登录日志 menu) reads its own history, never another's.
    const own = await call(tokens.nj_coc, 'GET', '/api/blade-user/login-log/own', { query: { size: '500' } });
    expect(own.body.data.records.length).toBeGreaterThan(0);
    expect(new Set(own.body.data.records.map((r: any) => r.account))).toEqual(new Set(['nj_coc']));
    expect((await t.call({ url: '/api/blade-user/login-log/own' })).status).toBe(401);
  });
});

describe('update-password (修改密码)', () => {
  it("ends every other session's refresh chain and keeps the caller's, whose refresh still works", async () => {
    const u = await newUser();
    const mine = await t.login(u.account, u.password);
    const other = await t.login(u.account, u.password);
    const refresh = (token: string) =>
      t.call({ method: 'POST', url: '/api/blade-auth/oauth/token', query: { grant_type: 'sso_refresh_token', refresh_token: token } });
    const change = (body: object) => call(mine.access_token, 'POST', '/api/blade-user/update-password', { body });

    expect((await change({ oldPassword: 'Wrong@2026', newPassword: 'Newpass2026', newPassword1: 'Newpass2026' })).body.msg).toBe('原密码不正确');
    expect((await change({ oldPassword: u.password, newPassword: 'newpassword', newPassword1: 'newpassword' })).body.msg).toBe('新密码至少8位且包含字母和数字');
    expect((await change({ oldPassword: u.password, newPassword: 'Newpass2026', newPassword1: 'Newpass2027' })).body.msg).toBe('两次输入的密码不一致');
    expect((await change({ oldPassword: u.password, newPassword: 'Newpass2026', newPassword1: 'Newpass2026' })).body).toMatchObject({
      code: 200,
      msg: '密码修改成功',
    });

    expect((await info(other.access_token)).status).toBe(401);
    expect((await refresh(other.refresh_token)).status).toBe(400);
    expect((await info(mine.access_token)).status).toBe(200);
    const renewed = await refresh(mine.refresh_token);
    expect(renewed.status).toBe(200);
    expect((await info(renewed.body.access_token)).body.data.account).toBe(u.account);

    expect((await t.passwordGrant(u.account, u.password, { captcha: 'auto' })).status).toBe(400);
    expect((await t.passwordGrant(u.account, 'Newpass2026', { captcha: 'auto' })).status).toBe(200);
  });
});
