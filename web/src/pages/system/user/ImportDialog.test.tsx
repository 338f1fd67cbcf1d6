import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserImportAnswer } from '@gsl/contract';
import { AntdProviders } from '../../../app/AntdProviders';
import { createQueryClient, Providers } from '../../../app/providers';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
const calls = vi.hoisted(() => ({ importUsers: vi.fn(), template: vi.fn(), saveBlob: vi.fn() }));
vi.mock('../../../api/system/user', () => ({ importUsers: calls.importUsers, downloadImportTemplate: calls.template }));
vi.mock('../../../api/files', async (importOriginal) => ({ ...(await importOriginal<object>()), saveBlob: calls.saveBlob }));
const { toast } = await import('../../../api/feedback');
const { ImportDialog } = await import('./ImportDialog');

const ERRORS = [{ row: 3, column: '手机号码', message: '手机号码格式不正确' }];
const answer = (dryRun: boolean, imported: number): UserImportAnswer => ({ total: 3, valid: 2, imported, dryRun, errors: ERRORS });

function renderDialog() {
  const onImported = vi.fn();
  render(
    <Providers queryClient={createQueryClient()}>
      <AntdProviders>
        <ImportDialog open onClose={vi.fn()} onImported={onImported} />
      </AntdProviders>
    </Providers>,
  );
  return { onImported };
}

const choose = (file: File) => {
  const input = screen.getByTestId('user-import-dialog').querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
};
const xlsx = () => new File([new Uint8Array([80, 75, 3, 4])], '用户.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
const isDisabled = (testId: string) => (screen.getByTestId(testId) as HTMLButtonElement).disabled;

beforeEach(() => vi.clearAllMocks());

describe('用户导入', { timeout: 20_000 }, () => {
  it('refuses a file that is not .xlsx without uploading it', async () => {
    renderDialog();
    choose(new File(['a,b'], 'users.csv', { type: 'text/csv' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('请上传 .xlsx 格式的 Excel 文件'));
    expect(isDisabled('user-import-check')).toBe(true);
    expect(calls.importUsers).not.toHaveBeenCalled();
  });

  it('checks the file first (dry run) and lists the errors by row and column, with the report to download', async () => {
    calls.importUsers.mockResolvedValueOnce({ msg: '操作成功', data: answer(true, 0) });
    const { onImported } = renderDialog();
    choose(xlsx());
    await screen.findByText('用户.xlsx');
    fireEvent.click(screen.getByTestId('user-import-check'));
    const result = await screen.findByTestId('user-import-result');
    expect(calls.importUsers).toHaveBeenCalledWith(expect.any(File), true, expect.any(Function));
    expect(result.textContent).toContain('共3条数据，校验通过2条，有误1条');
    const errors = within(screen.getByTestId('user-import-errors'));
    expect(errors.getByText('手机号码格式不正确')).toBeTruthy();
    expect(errors.getByText('3')).toBeTruthy();
    expect(onImported).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('user-import-errors-download'));
    expect(calls.saveBlob).toHaveBeenCalledWith(expect.any(Blob), '用户导入错误报告.xlsx');
  });

  it('imports the valid rows, tells how many, and refreshes the list', async () => {
    calls.importUsers.mockResolvedValueOnce({ msg: '操作成功', data: answer(true, 0) }).mockResolvedValueOnce({ msg: '操作成功', data: answer(false, 2) });
    const { onImported } = renderDialog();
    choose(xlsx());
    await screen.findByText('用户.xlsx');
    fireEvent.click(screen.getByTestId('user-import-check'));
    await screen.findByTestId('user-import-result');
    fireEvent.click(screen.getByTestId('user-import-submit'));
    await waitFor(() => expect(calls.importUsers).toHaveBeenLastCalledWith(expect.any(File), false, expect.any(Function)));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('成功导入2条数据'));
    expect(onImported).toHaveBeenCalled();
    expect((await screen.findByTestId('user-import-result')).textContent).toContain('成功导入2条，未导入1条');
    expect(isDisabled('user-import-submit')).toBe(true); // done: not twice
  });

  it('downloads the template', async () => {
    calls.template.mockResolvedValueOnce({ blob: new Blob(['x']), name: '用户导入模板.xlsx' });
    renderDialog();
    fireEvent.click(screen.getByTestId('user-import-template'));
    await waitFor(() => expect(calls.saveBlob).toHaveBeenCalledWith(expect.any(Blob), '用户导入模板.xlsx'));
  });
});
