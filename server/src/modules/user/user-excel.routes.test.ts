import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.js';
import { fetchFile, readBook, uploadBook, workbook } from '../../../test/harness/files.js';
import { buttonsOf, grantMenus, useTestApp } from '../../../test/use-test-app.js';

/** Import template, import (dry run and real) and export of user accounts, within the data scope. */
let t: TestApp;
let depts: Record<string, { id: string; idPath: string }>;

const tokens = useTestApp(['admin', 'nj_aoc', 'nj_coc'], async (app) => {
  t = app;
  await grantMenus(t.db, 'aoc', ['user', ...buttonsOf('user', ['user_view'])]);
  const d = await t.db
    .selectFrom('bladeDept')
    .select(['id', 'idPath', 'deptName'])
    .where('deptName', 'in', ['南京市工商联', '苏州市工商联', '南京市浙江商会', '南京市福建商会', '南京市江宁区工商联'])
    .execute();
  depts = Object.fromEntries(d.map((x) => [x.deptName, x]));
});

/** A binary download, as the browser gets it (not decrypted: files are never encrypted). */
const download = (url: string, who: string, query: Record<string, string> = {}) => fetchFile(t, tokens[who], 'GET', url, query);
const upload = (file: Buffer, who: string, query: Record<string, string> = {}, filename = 'users.xlsx') =>
  uploadBook(t, tokens[who], '/api/blade-user/import-user', file, filename, query);

const HEADER = ['账号*', '姓名*', '昵称', '手机号码*', '邮箱', '性别', '所属机构*', '角色', '人员标签', '排序'];
const usersNamed = (accounts: string[]) =>
  t.db
    .selectFrom('bladeUser')
    .select(['id', 'account', 'deptId', 'phone', 'passwordResetRequired'])
    .where('account', 'in', accounts)
    .where('isDeleted', '=', 0)
    .execute();

describe('import template', () => {
  it('is an xlsx with the header row and one example row', async () => {
    const res = await download('/api/blade-user/export-template', 'nj_aoc');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain("filename*=UTF-8''");
    const rows = await readBook(res.body);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(2);
    expect(rows[1][0]).toBe('zhangsan01');
    expect(rows[1][6]).toBe('南京市工商联');
    expect((await download('/api/blade-user/export-template', 'nj_coc')).status).toBe(403);
  });
});

describe('import', () => {
  const book = () =>
    workbook('用户', [
      HEADER,
      ['imp_good1', '导入一', '', '13912340001', 'imp1@example.com', '男', '南京市福建商会', '', '', '3'],
      ['imp_good2', '导入二', '小二', 13912340002, '', '女', depts['南京市江宁区工商联'].id, '工商联工作人员', 'aoc', ''],
      ['imp_bad_phone', '坏电话', '', '1391234', '', '', '南京市福建商会', '', '', ''],
      ['imp_bad_dept', '外地', '', '13912340004', '', '', '苏州市工商联', '', '', ''],
    ]);

  it('a dry run checks the whole file, reports every bad row and imports nothing', async () => {
    const res = await upload(await book(), 'nj_aoc', { dryRun: 'true' });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toEqual({
      total: 4,
      imported: 0,
      valid: 2,
      dryRun: true,
      errors: [
        { row: 4, column: '手机号码', message: '手机号码长度不为11位' },
        { row: 5, column: '所属机构', message: '所属机构不存在或不在数据权限范围内' },
      ],
    });
    expect(await usersNamed(['imp_good1', 'imp_good2', 'imp_bad_phone', 'imp_bad_dept'])).toHaveLength(0);
  });

  it('a real import inserts the good rows in one go and reports the bad ones by row and column', async () => {
    const res = await upload(await book(), 'nj_aoc');
    expect(res.body.data).toMatchObject({ total: 4, imported: 2, valid: 2, dryRun: false });
    expect(res.body.data.errors.map((e: any) => [e.row, e.column])).toEqual([
      [4, '手机号码'],
      [5, '所属机构'],
    ]);
    const rows = await usersNamed(['imp_good1', 'imp_good2', 'imp_bad_phone', 'imp_bad_dept']);
    expect(rows.map((r) => r.account).sort()).toEqual(['imp_good1', 'imp_good2']);
    const good2 = rows.find((r) => r.account === 'imp_good2')!;
    expect(good2).toMatchObject({ deptId: depts['南京市江宁区工商联'].id, phone: '13912340002', passwordResetRequired: 1 });
    const roles = await t.db
      .selectFrom('bladeUserRole as ur')
      .innerJoin('bladeRole as r', 'r.id', 'ur.roleId')
      .select(['ur.userId', 'r.roleAlias'])
      .where(
        'ur.userId',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    expect(roles.map((r) => r.roleAlias).sort()).toEqual(['aoc', 'coc']); // 福建商会 → coc by default; the named role for the other
    // no usable password until an administrator issues one
    const signOn = (password: string) => t.passwordGrant('imp_good1', password, { captcha: 'auto' });
    expect((await signOn('!no-password')).status).toBe(400);
    const reset = await t.call({
      method: 'POST',
      url: '/api/blade-user/reset-password',
      token: tokens.nj_aoc,
      query: { userIds: rows.find((r) => r.account === 'imp_good1')!.id },
    });
    expect((await signOn(reset.body.data[0].password)).status).toBe(200);
  });

  it('refuses accounts repeated in the file or already taken, missing required cells, and unknown roles', async () => {
    const res = await upload(
      await workbook('用户', [
        ['姓名', '账号', '所属机构', '手机号码', '角色'], // any column order
        ['甲', 'dup_a', '南京市福建商会', '13912340011', ''],
        ['乙', 'DUP_A', '南京市福建商会', '13912340012', ''],
        ['丙', 'nj_coc', '南京市福建商会', '13912340013', ''],
        ['', 'no_name', '', '', '超级管理员'],
        ['丁', 'ok_one', '南京市福建商会', '13912340014', '商会工作人员'],
      ]),
      'nj_aoc',
      { dryRun: '1' },
    );
    expect(res.body.data.valid).toBe(1);
    expect(res.body.data.errors).toEqual([
      { row: 2, column: '账号', message: '账号在文件中重复(第2、3行)' },
      { row: 3, column: '账号', message: '账号在文件中重复(第2、3行)' },
      { row: 4, column: '账号', message: '账号已存在' },
      { row: 5, column: '姓名', message: '请输入姓名' },
      { row: 5, column: '手机号码', message: '手机号码不能为空' },
      { row: 5, column: '所属机构', message: '请选择所属机构' },
      { row: 5, column: '角色', message: '所选角色不存在或无权分配: 超级管理员' },
    ]);
  });

  it('answers a clear 400 to a missing column, a file that is not xlsx, or a plain request; chamber staff may not import', async () => {
    const noPhone = await upload(
      await workbook('用户', [
        ['账号', '姓名', '所属机构'],
        ['x1', '某', '南京市福建商会'],
      ]),
      'nj_aoc',
    );
    expect(noPhone.body.data).toMatchObject({ total: 1, imported: 0, errors: [{ row: 1, column: '手机号码', message: '缺少必填列: 手机号码' }] });
    expect((await upload(Buffer.from('not a workbook'), 'nj_aoc')).body).toMatchObject({ code: 400, msg: '文件无法读取,请上传 .xlsx 格式的 Excel 文件' });
    expect((await upload(Buffer.from('a,b'), 'nj_aoc', {}, 'users.csv')).body.msg).toBe('请上传 .xlsx 格式的 Excel 文件');
    expect((await t.call({ method: 'POST', url: '/api/blade-user/import-user', token: tokens.nj_aoc, body: {} })).body.msg).toBe(
      '请以 multipart/form-data 上传 xlsx 文件',
    );
    const torn = await t.call({
      method: 'POST',
      url: '/api/blade-user/import-user',
      token: tokens.nj_aoc,
      body: '------quality\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK',
      headers: { 'content-type': 'multipart/form-data; boundary=----quality' },
    });
    expect(torn.body).toMatchObject({ code: 400, msg: '上传内容格式不正确,请重新选择文件上传' });
    expect((await upload(await workbook('用户', [HEADER]), 'nj_coc')).status).toBe(403);
  });
});

describe('export', () => {
  it("streams an xlsx whose rows are the list's rows under the same filter, phones masked without user_view", async () => {
    const filter = { deptId: depts['南京市江宁区工商联'].id };
    const res = await download('/api/blade-user/export-user', 'nj_aoc', filter);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readBook(res.body);
    expect(rows[0]).toEqual(['账号', '姓名', '昵称', '手机号码', '邮箱', '性别', '所属机构', '角色', '人员标签', '排序', '状态', '创建时间']);
    const listed = await t.call({ url: '/api/blade-user/page', token: tokens.nj_aoc, query: { ...filter, size: '5000' } });
    expect(rows.slice(1).map((r) => r[0])).toEqual(listed.body.data.records.map((r: any) => r.account));
    expect(rows.length - 1).toBe(listed.body.data.total);
    for (const r of rows.slice(1)) expect(r[3]).toMatch(/^1\d{2}\*{4}\d{4}$/);

    const full = await readBook((await download('/api/blade-user/export-user', 'admin', { account: 'nj_coc' })).body);
    expect(full.slice(1)).toHaveLength(1);
    expect(full[1].slice(0, 4)).toEqual(['nj_coc', '方海涛', '海涛', '13776603148']);
    expect(full[1][6]).toBe('南京市浙江商会');
  });

  it('never leaves the scope: another city is an empty sheet, and chamber staff may not export', async () => {
    const rows = await readBook((await download('/api/blade-user/export-user', 'nj_aoc', { deptId: depts['苏州市工商联'].id })).body);
    expect(rows).toHaveLength(1);
    expect((await download('/api/blade-user/export-user', 'nj_coc')).status).toBe(403);
  });
});
