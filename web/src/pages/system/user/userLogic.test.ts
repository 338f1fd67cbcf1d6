import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { ruleProblem as check } from '../../../../test/rules';
import { fileSizeText } from '../../../api/files';
import type { TreeOption } from '../../../api/system/user';
import { userFields } from './fields';
import { errorWorkbook, fileProblem, percentOf } from '../../../components/ImportDialog';
import { filterTree, parentKeys, splitIds, userBody, userFormValues } from './userLogic';
import { buildWorkbook, crc32 } from '../../../components/xlsx';
import { treeNode, userView } from '../../../../test/fixtures';

const ROW = userView();

const OPTIONS = { depts: [], roles: [], posts: [] };
const field = (mode: 'add' | 'edit', name: string) => userFields(mode, OPTIONS).find((f) => f.name === name);

describe('user form', () => {
  it('asks for the passwords only when adding (an edit never changes a password)', () => {
    const names = (mode: 'add' | 'edit') => userFields(mode, OPTIONS).map((f) => f.name);
    expect(names('add')).toEqual(expect.arrayContaining(['account', 'password', 'password2', 'realName', 'phone', 'roleIds', 'deptId']));
    expect(names('edit')).not.toContain('password');
    expect(names('edit')).not.toContain('password2');
  });

  it('gives the §5 phone messages in order, and accepts a masked phone shown by the list', async () => {
    const rule = field('add', 'phone')!.rules![0];
    expect(await check(rule, '')).toBe('手机号码不能为空');
    expect(await check(rule, '1391234')).toBe('手机号码长度不为11位');
    expect(await check(rule, '12345678901')).toBe('手机号码格式不正确');
    expect(await check(rule, '13912345678')).toBeNull();
    expect(await check(rule, '139****5678')).toBeNull();
  });

  it('checks account, name, password strength and confirmation, roles and org with the server’s messages', async () => {
    expect(await check(field('add', 'account')!.rules![0], '')).toBe('请输入账号');
    expect(await check(field('add', 'account')!.rules![0], 'a b')).toBe('账号只能包含字母、数字和 _ . @ -');
    expect(await check(field('add', 'realName')!.rules![0], undefined)).toBe('请输入姓名');
    const password = field('add', 'password')!.rules![0];
    expect(await check(password, '')).toBe('请输入密码');
    expect(await check(password, 'abcdefgh')).toBe('密码至少8位且包含字母和数字');
    expect(await check(password, 'abcd1234')).toBeNull();
    const confirm = field('add', 'password2')!.rules![0];
    expect(await check(confirm, 'abcd12345', { password: 'abcd1234' })).toBe('两次输入的密码不一致');
    expect(await check(confirm, 'abcd1234', { password: 'abcd1234' })).toBeNull();
    expect(await check(field('add', 'roleIds')!.rules![0], [])).toBe('请选择所属角色');
    expect(await check(field('add', 'deptId')!.rules![0], undefined)).toBe('请选择所属机构');
    expect(await check(field('add', 'email')!.rules![0], 'not-mail')).toBe('邮箱格式不正确');
  });

  it('opens an edit with the roles as a list and the birthday as a date', () => {
    const values = userFormValues(ROW);
    expect(values.roleIds).toEqual(['3', '4']);
    expect(dayjs.isDayjs(values.birthday)).toBe(true);
    expect((values.birthday as dayjs.Dayjs).format('YYYY-MM-DD')).toBe('1990-05-06');
    expect(values).toMatchObject({ account: 'zhang3', realName: '张三', deptId: '7', phone: '139****5678', seq: 5 });
  });

  it('submits roles comma-separated, the birthday as text, cleared optional fields as empty, no passwords on edit', () => {
    const values = {
      account: ' zhang3 ',
      realName: '张三',
      phone: '13912345678',
      roleIds: ['3', '4'],
      deptId: '7',
      birthday: dayjs('1990-05-06'),
      email: undefined,
      password: 'x',
      password2: 'x',
    };
    const edit = userBody(values, true);
    expect(edit).toMatchObject({ account: 'zhang3', roleIds: '3,4', birthday: '1990-05-06', email: '', name: '', postId: '' });
    expect(edit).not.toHaveProperty('password');
    expect(edit).not.toHaveProperty('password2');
    const add = userBody({ ...values, birthday: null }, false);
    expect(add).toMatchObject({ password: 'x', password2: 'x', birthday: '' });
  });

  it('splits comma lists', () => {
    expect(splitIds(' 1, 2,,3 ')).toEqual(['1', '2', '3']);
    expect(splitIds('')).toEqual([]);
    expect(splitIds(null)).toEqual([]);
  });
});

describe('org tree filter', () => {
  const node = (id: string, title: string, children: TreeOption[] = []): TreeOption => treeNode(id, title, children);
  const TREE = [node('1', '江苏省工商联', [node('2', '南京市工商联', [node('3', '南京市浙江商会')]), node('4', '苏州市工商联')])];

  it('keeps the matching orgs with their ancestors and unfolds them', () => {
    const out = filterTree(TREE, '浙江');
    expect(out.map((n) => n.title)).toEqual(['江苏省工商联']);
    expect(out[0].children.map((n) => n.title)).toEqual(['南京市工商联']);
    expect(out[0].children[0].children.map((n) => n.title)).toEqual(['南京市浙江商会']);
    expect(parentKeys(out)).toEqual(['1', '2']);
    expect(filterTree(TREE, '  ')).toBe(TREE);
    expect(filterTree(TREE, '上海')).toEqual([]);
  });
});

describe('import and export helpers', () => {
  it('refuses anything but an .xlsx of at most 5MB before uploading', () => {
    expect(fileProblem({ name: 'users.xls', size: 10 })).toBe('请上传 .xlsx 格式的 Excel 文件');
    expect(fileProblem({ name: 'users.XLSX', size: 6 * 1024 * 1024 })).toBe('文件不能超过5MB');
    expect(fileProblem({ name: '用户.xlsx', size: 1024 })).toBeNull();
  });

  it('tells progress in words', () => {
    expect(fileSizeText(512)).toBe('512 B');
    expect(fileSizeText(2048)).toBe('2.0 KB');
    expect(fileSizeText(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(percentOf(50, 200)).toBe(25);
    expect(percentOf(50)).toBeUndefined();
  });

  it('computes the zip checksum', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('writes the error report as a workbook Excel reads: header, then row, column and message', async () => {
    const blob = errorWorkbook([
      { row: 3, column: '手机号码', message: '手机号码格式不正确' },
      { row: 5, column: '账号', message: '账号已存在' },
    ]);
    expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    // Read back with exceljs (the server's spreadsheet library) as an independent reader.
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await blob.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('错误报告');
    expect(sheet.getRow(1).values).toEqual([undefined, '行号', '列', '错误信息']);
    expect(sheet.getRow(2).values).toEqual([undefined, 3, '手机号码', '手机号码格式不正确']);
    expect(sheet.getRow(3).values).toEqual([undefined, 5, '账号', '账号已存在']);
  });

  it('escapes text that XML cannot carry as is', async () => {
    const bytes = buildWorkbook('s', [['a<b>&"c"\u0001']]);
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes.buffer as ArrayBuffer);
    expect(book.worksheets[0].getCell('A1').value).toBe('a<b>&"c"');
  });
});
