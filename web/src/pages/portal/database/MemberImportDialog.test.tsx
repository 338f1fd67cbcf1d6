import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AntdProviders } from '../../../app/AntdProviders';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../api/member', async (importOriginal) => ({ ...(await importOriginal<object>()), importMembers: vi.fn(), downloadMemberTemplate: vi.fn() }));
vi.mock('../../../api/files', async (importOriginal) => ({ ...(await importOriginal<object>()), saveBlob: vi.fn() }));
const member = await import('../../../api/member');
const { saveBlob } = await import('../../../api/files');
const { toast } = await import('../../../api/feedback');
const { MemberImportDialog } = await import('./MemberImportDialog');
const importMembers = vi.mocked(member.importMembers);

const ERRORS = [
  { row: 4, column: '统一社会信用代码', message: '统一社会信用代码校验位不正确' },
  { row: 6, column: '所属组织', message: '所属组织不存在或不在数据权限范围内' },
];

function choose(file: File) {
  const input = screen.getByTestId('enterprise-import-dialog').querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

beforeEach(() => {
  importMembers.mockReset();
  vi.mocked(saveBlob).mockReset();
  vi.mocked(toast.success).mockReset();
});

describe('企业会员导入', () => {
  it('checks the file (dry run), lists errors by row and column, offers the error workbook, then imports the valid rows', async () => {
    importMembers.mockImplementation(async (_kind, _file, dryRun, onProgress) => {
      onProgress?.({ loaded: 50, total: 100 });
      return { msg: '操作成功', data: { total: 5, valid: 3, imported: dryRun ? 0 : 3, dryRun, errors: ERRORS } };
    });
    const onImported = vi.fn();
    render(
      <AntdProviders>
        <MemberImportDialog kind="enterprise" open onClose={() => undefined} onImported={onImported} />
      </AntdProviders>,
    );
    expect(screen.getByText('企业会员导入')).toBeTruthy();
    choose(new File(['x'], '会员.xlsx'));
    fireEvent.click(screen.getByTestId('enterprise-import-check'));
    const result = await screen.findByTestId('enterprise-import-result');
    expect(importMembers).toHaveBeenCalledWith('enterprise', expect.objectContaining({ name: '会员.xlsx' }), true, expect.any(Function));
    expect(result.textContent).toContain('共5条数据，校验通过3条，有误2条');
    const table = within(result).getByTestId('enterprise-import-errors');
    expect(within(table).getByText('统一社会信用代码校验位不正确')).toBeTruthy();
    expect(within(table).getByText('6')).toBeTruthy();

    fireEvent.click(within(result).getByTestId('enterprise-import-errors-download'));
    const [blob, name] = vi.mocked(saveBlob).mock.calls[0] as [Blob, string];
    expect(name).toBe('企业会员导入错误报告.xlsx');
    expect(blob.size).toBeGreaterThan(0);

    fireEvent.click(screen.getByTestId('enterprise-import-submit'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('成功导入3条数据'));
    expect(importMembers).toHaveBeenLastCalledWith('enterprise', expect.anything(), false, expect.any(Function));
    expect(onImported).toHaveBeenCalled();
    expect((await screen.findByTestId('enterprise-import-result')).textContent).toContain('成功导入3条');
  });

  it('refuses a file that is not .xlsx before sending it', async () => {
    render(
      <AntdProviders>
        <MemberImportDialog kind="enterprise" open onClose={() => undefined} onImported={() => undefined} />
      </AntdProviders>,
    );
    choose(new File(['x'], '会员.xls'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('请上传 .xlsx 格式的 Excel 文件'));
    expect(importMembers).not.toHaveBeenCalled();
  });
});
