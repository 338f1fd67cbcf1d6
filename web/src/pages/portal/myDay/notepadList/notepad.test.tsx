import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { MSG } from '@gsl/contract';
import { fakeServer, type Call } from '../../../../../test/fakeServer';
import { mockedApi, page, renderScreen } from '../../../../../test/screens';
import { noteBody, noteFormValues } from './notepadLogic';

vi.mock('../../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));

const { toast } = await mockedApi();
vi.setConfig({ testTimeout: 60_000 });
const { default: NotepadListPage } = await import('./index');

const P = '/api/aoc-service/notepad';
const NOTE = {
  id: '11',
  content: '周五前汇总推荐名单',
  remindDate: '2030-01-02',
  createTime: '2026-11-25 09:00:00',
  updateTime: '2026-11-25 09:00:00',
  version: 2,
};

function serve() {
  return fakeServer({
    [`GET ${P}/list`]: () => page([NOTE]),
    [`POST ${P}/submit`]: (c: Call) => ({ msg: (c.body as { id?: string }).id ? MSG.updated : MSG.added, data: { ...NOTE, ...(c.body as object) } }),
    [`POST ${P}/remove`]: () => ({ msg: MSG.removed, data: null }),
  });
}

beforeEach(() => {
  vi.mocked(toast.success).mockReset();
  vi.mocked(toast.warning).mockReset();
});

describe('记事本', () => {
  it('lets every signed-in user add, edit and delete their notes (no button code needed)', async () => {
    const server = serve();
    renderScreen(<NotepadListPage />, []);
    const table = await screen.findByTestId('notepad-table');
    await within(table).findByText('周五前汇总推荐名单');
    expect(screen.getByTestId('notepad-add')).toBeTruthy();
    expect(screen.getByTestId('notepad-bulk-delete')).toBeTruthy();
    expect(within(table).getByTestId('notepad-row-edit')).toBeTruthy();

    // 新增: empty content is refused with the contract's message, then saved.
    fireEvent.click(screen.getByTestId('notepad-add'));
    fireEvent.click(await screen.findByTestId('notepad-form-submit'));
    expect(await screen.findByText('请输入记事内容')).toBeTruthy();
    fireEvent.change(screen.getByTestId('notepad-content'), { target: { value: '联系玄武区商会' } });
    fireEvent.click(screen.getByTestId('notepad-form-submit'));
    await waitFor(() => expect(server.last('POST', `${P}/submit`)?.body).toEqual({ content: '联系玄武区商会' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('新增成功'));

    // 编辑: id and version go with the change.
    fireEvent.click(within(table).getByTestId('notepad-row-edit'));
    const content = await screen.findByTestId('notepad-content');
    await waitFor(() => expect((content as HTMLTextAreaElement).value).toBe('周五前汇总推荐名单'));
    fireEvent.change(content, { target: { value: '周四前汇总推荐名单' } });
    fireEvent.click(screen.getByTestId('notepad-form-submit'));
    await waitFor(() =>
      expect(server.last('POST', `${P}/submit`)?.body).toEqual({ id: '11', version: 2, content: '周四前汇总推荐名单', remindDate: '2030-01-02' }),
    );
  });

  it('needs a selection to delete, and asks 确定将选择数据删除? first', async () => {
    const server = serve();
    renderScreen(<NotepadListPage />, []);
    const table = await screen.findByTestId('notepad-table');
    await within(table).findByText('周五前汇总推荐名单');
    fireEvent.click(screen.getByTestId('notepad-bulk-delete'));
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith('请选择至少一条数据'));

    fireEvent.click(within(table).getByTestId('notepad-row-delete'));
    expect(await screen.findByText('确定将选择数据删除?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('notepad-delete-confirm'));
    await waitFor(() => expect(server.last('POST', `${P}/remove`)?.params).toEqual({ ids: '11' }));
  });

  it('searches by content, back to page 1', async () => {
    const server = serve();
    renderScreen(<NotepadListPage />, []);
    await screen.findByTestId('notepad-table');
    fireEvent.change(screen.getByPlaceholderText('请输入记事内容'), { target: { value: ' 推荐 ' } });
    fireEvent.click(screen.getByTestId('notepad-search-submit'));
    await waitFor(() => expect(server.last('GET', `${P}/list`)?.params).toMatchObject({ content: '推荐', current: 1 }));
  });

  it('edits the reminder as a day and sends it as yyyy-MM-dd, or clears it', () => {
    const values = noteFormValues(NOTE);
    expect(dayjs.isDayjs(values.remindDate)).toBe(true);
    expect(noteBody(values, NOTE)).toEqual({ content: NOTE.content, remindDate: '2030-01-02' });
    expect(noteBody({ content: 'x', remindDate: null }, NOTE)).toEqual({ content: 'x', remindDate: '' });
    expect(noteBody({ content: 'x' }, undefined)).toEqual({ content: 'x' });
  });
});
