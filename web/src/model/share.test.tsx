import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AI_RESUME_PATHS, AI_SHARE_PATHS, SHARE_MSG, type ResumePreview, type ShareItem, type ShareView } from '@gsl/contract';
import { fakeServer } from '../../test/fakeServer';
import { mockedApi } from '../../test/screens';
import { HttpError } from '../api/http';
import { copyText } from '../components/copyText';

vi.mock('../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));
vi.mock('../components/copyText', () => ({ copyText: vi.fn(async () => true) }));

await mockedApi();
vi.setConfig({ testTimeout: 60_000 });
const { ModelApp } = await import('./ModelApp');

const open = (hash: string) => {
  window.location.hash = hash;
  return render(<ModelApp />);
};
afterEach(() => {
  window.location.hash = '';
});

const CODE = 'a'.repeat(43);
const shared: ShareView = {
  kind: 'person',
  subjectName: '分享张敏',
  lines: ['分享张敏是南京分享集团的总经理。', '他热心公益。'],
  aiGenerated: true,
  generator: { aiGenerated: true, method: 'template', model: '内置简历模板', generatedAt: '2026-11-27 10:00:00' },
  approvedBy: '南京工商联',
  approveTime: '2026-11-27 10:05:00',
  sharedBy: '王会长',
  expireTime: '2026-12-04 10:00:00',
};

describe('分享页 /subapp/static/share', () => {
  it('shows the shared résumé read-only with 「AI生成」, the watermark and the expiry, asking by the code', async () => {
    const server = fakeServer({ [`GET ${AI_SHARE_PATHS.view}`]: () => shared });
    open(`#/subapp/static/share?code=${CODE}`);
    expect(await screen.findByText('分享张敏是南京分享集团的总经理。')).toBeTruthy();
    expect(server.last('GET', AI_SHARE_PATHS.view)?.params).toEqual({ code: CODE });
    expect(screen.getByRole('heading', { level: 1, name: 'AI个人简历' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '分享张敏' })).toBeTruthy();
    expect(screen.getByTestId('ai-mark').textContent).toBe('AI生成');
    expect(screen.getByTestId('share-banner').textContent).toBe('分享自 王会长 · 仅供查看');
    expect(within(screen.getByTestId('share-watermark')).getAllByText('分享自 王会长 · 仅供查看').length).toBeGreaterThan(5);
    expect(screen.getByText('链接有效期至 2026-12-04 10:00:00')).toBeTruthy();
    // Read-only: nothing to edit, publish or share.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says in place that an unknown, expired or revoked link is invalid', async () => {
    fakeServer({
      [`GET ${AI_SHARE_PATHS.view}`]: () => {
        throw new HttpError(SHARE_MSG.invalid, 404);
      },
    });
    open(`#/subapp/static/share?code=${CODE}`);
    expect((await screen.findByRole('alert')).textContent).toContain(SHARE_MSG.invalid);
  });
});

describe('简历预览 › 分享', () => {
  it('creates a link, copies it, shows the expiry and revokes a link from the list', async () => {
    const preview: ResumePreview = {
      published: true,
      kind: 'person',
      memberId: '3',
      memberName: '分享张敏',
      lines: [{ text: '分享张敏是南京分享集团的总经理。', sources: ['name'] }],
      fieldLabels: { name: '姓名' },
      aiGenerated: true,
      generator: shared.generator,
      approvedBy: '南京工商联',
      approveTime: '2026-11-27 10:05:00',
      viewerName: '张三',
      viewTime: '2026-11-27 11:00:00',
    };
    let items: ShareItem[] = [];
    const url = `http://portal.test/gsl/subapp/static/share?code=${CODE}`;
    const server = fakeServer({
      [`GET ${AI_RESUME_PATHS.preview('person')}`]: () => preview,
      [`GET ${AI_SHARE_PATHS.list}`]: () => items,
      [`POST ${AI_SHARE_PATHS.create}`]: () => {
        items = [{ id: '7', createdBy: '1', createTime: '2026-11-27 11:00:00', expireTime: '2026-12-04 11:00:00', revokedTime: null, views: 0, active: true }];
        return { msg: SHARE_MSG.created, data: { id: '7', code: CODE, url, expireTime: '2026-12-04 11:00:00' } };
      },
      [`POST ${AI_SHARE_PATHS.revoke}`]: () => {
        items = items.map((s) => ({ ...s, active: false, revokedTime: '2026-11-27 11:30:00' }));
        return { msg: SHARE_MSG.revoked, data: null };
      },
    });
    open('#/previewResume/person?previewId=3');
    fireEvent.click(await screen.findByRole('button', { name: /分\s*享/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('暂无分享链接')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /生成链接/ }));
    const link = (await within(dialog).findByLabelText('分享链接')) as HTMLInputElement;
    expect(link.value).toBe(url);
    expect(server.last('POST', AI_SHARE_PATHS.create)?.body).toEqual({ kind: 'person', id: '3', days: 7 });
    expect(within(dialog).getByText('有效期至 2026-12-04 11:00:00')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /复制链接/ }));
    await waitFor(() => expect(copyText).toHaveBeenCalledWith(url));
    expect(await within(dialog).findByText('链接已复制')).toBeTruthy();

    fireEvent.click(await within(dialog).findByRole('button', { name: '撤销 2026-11-27 11:00:00 生成的链接' }));
    expect(await within(dialog).findByText(SHARE_MSG.revoked)).toBeTruthy();
    expect(server.last('POST', AI_SHARE_PATHS.revoke)?.body).toEqual({ ids: '7' });
    expect(await within(dialog).findByText('已撤销')).toBeTruthy();
    expect(within(dialog).queryByLabelText('分享链接')).toBeNull();
  });
});
