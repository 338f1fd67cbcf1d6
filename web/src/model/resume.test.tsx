import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AI_RESUME_PATHS, STALE_VERSION_MSG, type AiResume, type ResumePreview } from '@gsl/contract';
import { fakeServer } from '../../test/fakeServer';
import { mockedApi } from '../../test/screens';
import { HttpError } from '../api/http';
import { saveBlob } from '../api/files';

vi.mock('../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));
vi.mock('../api/files', async (importOriginal) => ({ ...(await importOriginal<object>()), saveBlob: vi.fn() }));

await mockedApi();
vi.setConfig({ testTimeout: 60_000 });
const { ModelApp } = await import('./ModelApp');

const open = (hash: string) => {
  window.location.hash = hash;
  return render(<ModelApp />);
};
afterEach(() => {
  window.location.hash = '';
  vi.unstubAllGlobals();
});

/** The export's fetch: an HTML file (or a refusal) answered by a stubbed fetch, its URLs recorded. */
function fakeExport(answer: () => Response) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(String(url));
      return answer();
    }),
  );
  return urls;
}
const htmlFile = (name: string) =>
  new Response('<!DOCTYPE html><html><head><meta name="AIGC" content="{}"></head><body>AI生成</body></html>', {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}` },
  });

const resume = (over: Partial<AiResume> = {}): AiResume => ({
  id: null,
  kind: 'enterprise',
  memberId: '901',
  memberName: '简历测试科技有限公司',
  lines: [
    { text: '简历测试科技有限公司位于江宁区,是一家民营企业。', sources: ['name', 'regionCode', 'memberType'] },
    { text: '该企业法定代表人为王建国。', sources: ['legalPerson'] },
  ],
  fieldLabels: { name: '企业名称', regionCode: '所在地区', memberType: '企业类型', legalPerson: '法定代表人' },
  status: 0,
  version: 0,
  aiGenerated: true,
  generator: { aiGenerated: true, method: 'template', model: '内置简历模板', generatedAt: '2026-11-27 10:00:00' },
  hasPublished: false,
  approvedBy: null,
  approveTime: null,
  updateTime: null,
  ...over,
});

describe('AI 简历', () => {
  it('shows the lines labelled AI生成, each with its sources, edits, saves and publishes after the confirmation', async () => {
    let current = resume();
    const server = fakeServer({
      [`GET ${AI_RESUME_PATHS.detail('enterprise')}`]: () => current,
      [`POST ${AI_RESUME_PATHS.save('enterprise')}`]: (c) => {
        const b = c.body as { lines: AiResume['lines']; version: number };
        current = resume({ id: '5', lines: b.lines, version: b.version + 1 });
        return { data: current, msg: '简历已保存' };
      },
      [`POST ${AI_RESUME_PATHS.publish('enterprise')}`]: (c) => {
        current = {
          ...current,
          status: 1,
          version: (c.body as { version: number }).version + 1,
          hasPublished: true,
          approvedBy: '南京工商联',
          approveTime: '2026-11-27 10:05:00',
        };
        return { data: current, msg: '简历已发布' };
      },
    });
    open('#/ai-resume-company?unionId=901');
    expect(await screen.findByRole('heading', { name: 'AI企业简历' })).toBeTruthy();
    const first = await screen.findByLabelText('第1句');
    expect(screen.getByTestId('ai-mark').textContent).toBe('AI生成');
    expect(server.last('GET', AI_RESUME_PATHS.detail('enterprise'))?.params).toEqual({ id: '901' });
    expect((first as HTMLTextAreaElement).value).toBe('简历测试科技有限公司位于江宁区,是一家民营企业。');

    // Sources: a button that opens the field names.
    const src = screen.getByRole('button', { name: '第1句的来源' });
    expect(src.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(src);
    expect(screen.getByTestId('resume-sources').textContent).toBe('来源字段:企业名称、所在地区、企业类型');

    // 保存 is off until something changes; then it saves the edited lines at the version read.
    const save = screen.getByRole('button', { name: /^保\s*存$/ });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(first, { target: { value: '简历测试科技有限公司是江宁区的软件企业。' } });
    expect(screen.getByTestId('resume-status').textContent).toBe('有未保存的修改');
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    expect(await screen.findByText('简历已保存')).toBeTruthy();
    expect(server.last('POST', AI_RESUME_PATHS.save('enterprise'))?.body).toEqual({
      id: '901',
      version: 0,
      lines: [{ text: '简历测试科技有限公司是江宁区的软件企业。', sources: ['name', 'regionCode', 'memberType'] }, resume().lines[1]],
      method: 'template',
    });
    await waitFor(() => expect(screen.getByTestId('resume-status').textContent).toBe('草稿(未发布)'));

    // 发布 asks first; only the confirmation publishes.
    fireEvent.click(screen.getByRole('button', { name: /^发\s*布$/ }));
    expect(await screen.findByText('确认发布该简历?')).toBeTruthy();
    expect(server.last('POST', AI_RESUME_PATHS.publish('enterprise'))).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: '确认发布' }));
    expect(await screen.findByText('简历已发布')).toBeTruthy();
    expect(server.last('POST', AI_RESUME_PATHS.publish('enterprise'))?.body).toEqual({ id: '901', version: 1 });
    await waitFor(() => expect(screen.getByTestId('resume-status').textContent).toBe('已发布(审核人:南京工商联,2026-11-27 10:05:00)'));
    expect(screen.getByRole('link', { name: '预览已发布简历' }).getAttribute('href')).toBe('#/previewResume/company?previewId=901');
  });

  it('is read-only with noEdit, without the top bar on -noTop, and says what went wrong', async () => {
    fakeServer({ [`GET ${AI_RESUME_PATHS.detail('person')}`]: () => resume({ kind: 'person' }) });
    const view = open('#/ai-resume-person-noTop?unionId=901&noEdit=1');
    expect(await screen.findByText('该企业法定代表人为王建国。')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^保\s*存$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^发\s*布$/ })).toBeNull();
    expect(screen.queryByTestId('resume-top')).toBeNull();
    view.unmount();

    fakeServer({
      [`GET ${AI_RESUME_PATHS.detail('group')}`]: () => {
        throw new HttpError('数据不存在', 404);
      },
    });
    const failed = open('#/ai-resume-group?unionId=77');
    expect(await screen.findByText('AI简历加载失败')).toBeTruthy();
    expect(screen.getByText('数据不存在')).toBeTruthy();
    failed.unmount();

    open('#/ai-resume-group');
    expect(await screen.findByText('未指定会员,请从会员详情打开AI简历')).toBeTruthy();
  });

  it('shows a stale-version refusal in place', async () => {
    fakeServer({
      [`GET ${AI_RESUME_PATHS.detail('enterprise')}`]: () => resume({ id: '5', version: 3 }),
      [`POST ${AI_RESUME_PATHS.save('enterprise')}`]: () => {
        throw new HttpError(STALE_VERSION_MSG, 400);
      },
    });
    open('#/ai-resume-company?unionId=901');
    fireEvent.change(await screen.findByLabelText('第2句'), { target: { value: '改过的一句。' } });
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    expect(await screen.findByText(STALE_VERSION_MSG)).toBeTruthy();
  });
});

describe('简历预览', () => {
  it('shows the published lines over a watermark of the viewer, hidden from screen readers', async () => {
    const preview: ResumePreview = {
      published: true,
      kind: 'enterprise',
      memberId: '901',
      memberName: '简历测试科技有限公司',
      lines: [{ text: '简历测试科技有限公司是江宁区的软件企业。', sources: ['name'] }],
      fieldLabels: { name: '企业名称' },
      aiGenerated: true,
      generator: { aiGenerated: true, method: 'template', model: '内置简历模板', generatedAt: '2026-11-27 10:00:00' },
      approvedBy: '南京工商联',
      approveTime: '2026-11-27 10:05:00',
      viewerName: '张三',
      viewTime: '2026-11-27 11:00:00',
    };
    const server = fakeServer({ [`GET ${AI_RESUME_PATHS.preview('enterprise')}`]: () => preview });
    open('#/previewResume/company?previewId=901');
    expect(await screen.findByText('简历测试科技有限公司是江宁区的软件企业。')).toBeTruthy();
    expect(server.last('GET', AI_RESUME_PATHS.preview('enterprise'))?.params).toEqual({ id: '901' });
    expect(screen.getByTestId('ai-mark').textContent).toBe('AI生成');
    expect(screen.getByText('本简历由内置简历模板根据会员档案自动生成,经南京工商联于2026-11-27 10:05:00审核发布。')).toBeTruthy();
    const mark = screen.getByTestId('resume-watermark');
    expect(mark.getAttribute('aria-hidden')).toBe('true');
    const copies = within(mark).getAllByText('张三 2026-11-27 11:00:00');
    expect(copies.length).toBeGreaterThan(5);
    // Not read by a screen reader: the accessible text of the page has no watermark.
    expect(screen.queryByText('张三 2026-11-27 11:00:00', { ignore: '[aria-hidden] *' })).toBeNull();
  });

  it('says when nothing is published, and when the call fails', async () => {
    fakeServer({
      [`GET ${AI_RESUME_PATHS.preview('person')}`]: (): ResumePreview => ({
        published: false,
        kind: 'person',
        memberId: '3',
        memberName: '张伟',
        lines: [],
        fieldLabels: {},
        aiGenerated: true,
        generator: { aiGenerated: true, method: 'template', model: '内置简历模板', generatedAt: '2026-11-27 10:00:00' },
        approvedBy: null,
        approveTime: null,
        viewerName: '张三',
        viewTime: '2026-11-27 11:00:00',
      }),
      [`GET ${AI_RESUME_PATHS.preview('group')}`]: () => {
        throw new HttpError('数据不存在', 404);
      },
    });
    const view = open('#/previewResume/person?previewId=3');
    expect(await screen.findByText('该简历尚未发布')).toBeTruthy();
    expect(screen.queryByTestId('resume-watermark')).toBeNull();
    view.unmount();
    open('#/previewResume/group?previewId=4');
    expect(await screen.findByText('简历预览加载失败')).toBeTruthy();
    expect(screen.getByText('数据不存在')).toBeTruthy();
  });

  it('exports the published résumé from the preview as an HTML file, and says why not when refused', async () => {
    const preview: ResumePreview = {
      published: true,
      kind: 'coc',
      memberId: '42',
      memberName: '南京市浙江商会',
      lines: [{ text: '南京市浙江商会位于南京市。', sources: ['dept.deptName', 'dept.regionCode'] }],
      fieldLabels: { 'dept.deptName': '商会名称', 'dept.regionCode': '所在地区' },
      aiGenerated: true,
      generator: { aiGenerated: true, method: 'template', model: '内置简历模板', generatedAt: '2026-11-27 10:00:00' },
      approvedBy: '方海涛',
      approveTime: '2026-11-27 10:05:00',
      viewerName: '张三',
      viewTime: '2026-11-27 11:00:00',
    };
    fakeServer({ [`GET ${AI_RESUME_PATHS.preview('coc')}`]: () => preview });
    const urls = fakeExport(() => htmlFile('南京市浙江商会-AI简历-已发布-20261127.html'));
    const view = open('#/previewResume/coc?previewId=42');
    expect(await screen.findByText('本简历由内置简历模板根据商会信息自动生成,经方海涛于2026-11-27 10:05:00审核发布。')).toBeTruthy();
    fireEvent.click(screen.getByTestId('resume-export'));
    expect(await screen.findByText('已导出 南京市浙江商会-AI简历-已发布-20261127.html(含「AI生成」标识)')).toBeTruthy();
    expect(urls[0]).toContain(AI_RESUME_PATHS.export('coc'));
    expect(new URL(urls[0], 'http://x').searchParams.get('id')).toBe('42');
    expect(new URL(urls[0], 'http://x').searchParams.get('source')).toBe('published');
    expect(vi.mocked(saveBlob).mock.calls.at(-1)?.[1]).toBe('南京市浙江商会-AI简历-已发布-20261127.html');
    view.unmount();

    fakeExport(
      () =>
        new Response(JSON.stringify({ code: 404, success: false, data: null, msg: '该简历尚未发布' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    );
    open('#/previewResume/coc?previewId=42');
    fireEvent.click(await screen.findByTestId('resume-export'));
    expect((await screen.findByRole('alert')).textContent).toContain('该简历尚未发布');
  });
});

describe('AI 商会简历 and ai-resume-{path}', () => {
  const coc = (over: Partial<AiResume> = {}): AiResume =>
    resume({
      kind: 'coc',
      memberId: '42',
      memberName: '南京市浙江商会',
      lines: [
        { text: '南京市浙江商会位于南京市,是一家异地商会(在苏)。', sources: ['dept.deptName', 'dept.regionCode', 'dept.chamberType'] },
        { text: '2024年9月12日,年会召开。', sources: ['associationhistory:7'] },
      ],
      fieldLabels: {
        'dept.deptName': '商会名称',
        'dept.regionCode': '所在地区',
        'dept.chamberType': '商会类型',
        'associationhistory:7': '大事记·2024-09-12 年会召开',
      },
      ...over,
    });

  it('opens the chamber named by cocId, shows each line’s rows, and exports the working copy', async () => {
    const server = fakeServer({ [`GET ${AI_RESUME_PATHS.detail('coc')}`]: () => coc() });
    const urls = fakeExport(() => htmlFile('南京市浙江商会-AI简历-工作稿-20261127.html'));
    open('#/ai-resume-coc?cocId=42');
    expect(await screen.findByRole('heading', { level: 1, name: 'AI商会简历' })).toBeTruthy();
    expect((await screen.findByTestId('ai-mark')).textContent).toBe('AI生成');
    expect(server.last('GET', AI_RESUME_PATHS.detail('coc'))?.params).toEqual({ id: '42' });
    expect(screen.getByText(/根据商会的协会基本信息、大事记、领导班子与组织档案自动生成/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '第2句的来源' }));
    expect(screen.getByTestId('resume-sources').textContent).toBe('来源字段:大事记·2024-09-12 年会召开');
    fireEvent.click(screen.getByTestId('resume-export'));
    expect(await screen.findByText(/已导出 南京市浙江商会-AI简历-工作稿-20261127.html/)).toBeTruthy();
    expect(new URL(urls[0], 'http://x').pathname).toBe(AI_RESUME_PATHS.export('coc'));
    expect(new URL(urls[0], 'http://x').searchParams.get('source')).toBe('working');
  });

  it('takes deptId too, answers the alias names and their -noTop, and a chamber page without an id says so', async () => {
    const server = fakeServer({ [`GET ${AI_RESUME_PATHS.detail('coc')}`]: () => coc() });
    const view = open('#/ai-resume-chamber-noTop?deptId=43&noEdit=1');
    expect(await screen.findByText('南京市浙江商会')).toBeTruthy();
    expect(server.last('GET', AI_RESUME_PATHS.detail('coc'))?.params).toEqual({ id: '43' });
    expect(screen.queryByTestId('resume-top')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    // Read-only and nothing published: nothing to export.
    expect(screen.queryByTestId('resume-export')).toBeNull();
    view.unmount();
    const none = open('#/ai-resume-coc');
    expect(await screen.findByText('未指定商会,请从商会信息打开AI简历')).toBeTruthy();
    none.unmount();
    fakeServer({ [`GET ${AI_RESUME_PATHS.detail('enterprise')}`]: () => resume() });
    open('#/ai-resume-enterprise?unionId=901');
    expect(await screen.findByRole('heading', { level: 1, name: 'AI企业简历' })).toBeTruthy();
  });

  it('shows the 404 page for an unknown ai-resume-{path} or previewResume/{type}, never a placeholder', async () => {
    for (const hash of ['#/ai-resume-foo', '#/ai-resume-coc-extra', '#/previewResume/foo', '#/ai-resume-constructor']) {
      const view = open(hash);
      expect(await screen.findByText('抱歉，您访问的页面不存在'), hash).toBeTruthy();
      expect(screen.queryByTestId('model-page')).toBeNull();
      view.unmount();
    }
  });
});
