import { describe, expect, it } from 'vitest';
import { DRAFT_MSG, DRAFT_PATHS as P } from '@gsl/contract';
import type { TestApp } from '../../../../test/app.js';
import { fetchFile } from '../../../../test/harness/files.js';
import { useTestApp } from '../../../../test/use-test-app.js';

let t: TestApp;
const tokens = useTestApp(['js_aoc', 'nj_aoc', 'nj_coc'], (app) => (t = app));

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 1)]);
const DOC = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64, 2)]);

/** The file as the browser sends it (multipart field `file`), with the query; the decrypted answer. */
async function upload(who: string, name: string, content: Buffer, query: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), name);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await req.arrayBuffer());
  return t.call({ method: 'POST', url: P.upload, token: tokens[who], query, body: payload, headers: { 'content-type': req.headers.get('content-type')! } });
}
const list = (who: string, query: Record<string, string> = {}) => t.call({ url: P.page, token: tokens[who], query: { size: '100', ...query } });
const deptId = async (name: string) => String((await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', name).executeTakeFirstOrThrow()).id);
const draftCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('aocInfoContractDraft')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('infocontractdraft/uploadDraftFileFromAcfic and page', () => {
  it('needs a token', async () => {
    expect((await t.call({ method: 'POST', url: P.upload })).status).toBe(401);
    expect((await t.call({ url: P.page })).status).toBe(401);
  });

  it('stores the draft in the file store and lists it for the org, newest first; its file downloads', async () => {
    const first = await upload('nj_coc', '关于征求商会章程示范文本意见的函.pdf', PDF);
    expect(first.status).toBe(200);
    expect(first.body.msg).toBe(DRAFT_MSG.uploaded);
    const draft = first.body.data;
    expect(draft).toMatchObject({
      title: '关于征求商会章程示范文本意见的函',
      originalName: '关于征求商会章程示范文本意见的函.pdf',
      extension: 'pdf',
      attachSize: PDF.length,
      deptName: '南京市浙江商会',
    });
    expect(draft.link).toMatch(/^\/api\/blade-resource\/attach\/download\?id=[0-9a-f]{32}$/);
    const second = await upload('nj_coc', 'draft.docx', DOCX, { title: '会员服务合同(草稿)', remark: '全国工商联下发' });
    expect(second.body.data).toMatchObject({ title: '会员服务合同(草稿)', remark: '全国工商联下发', extension: 'docx' });

    const mine = await list('nj_coc');
    expect(mine.status).toBe(200);
    const ids = mine.body.data.records.map((r: { id: string }) => r.id);
    expect(ids.indexOf(second.body.data.id)).toBeLessThan(ids.indexOf(draft.id)); // newest first
    expect(mine.body.data.records.every((r: { deptId: string }) => r.deptId === draft.deptId)).toBe(true);
    expect((await list('nj_coc', { title: '服务合同' })).body.data.records.map((r: { id: string }) => r.id)).toEqual([second.body.data.id]);

    // The bytes are in the file store, behind the attach link.
    const file = await fetchFile(t, tokens.nj_coc, 'GET', '/api/blade-resource/attach/download', {
      id: new URL(draft.link, 'http://x').searchParams.get('id')!,
    });
    expect(file.status).toBe(200);
    expect(file.body.equals(PDF)).toBe(true);
    const row = await t.db
      .selectFrom('bladeAttach')
      .select(['category', 'contentType'])
      .where('id', '=', (await t.db.selectFrom('aocInfoContractDraft').select('attachId').where('id', '=', draft.id).executeTakeFirstOrThrow()).attachId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ category: 'draft', contentType: 'application/pdf' });

    // The chamber's federation sees the chamber's drafts (its scope covers the chamber) and may download them.
    const forChamber = await list('nj_aoc', { deptId: draft.deptId });
    expect(forChamber.body.data.records.map((r: { id: string }) => r.id)).toContain(draft.id);
    expect(
      (await fetchFile(t, tokens.nj_aoc, 'GET', '/api/blade-resource/attach/download', { id: new URL(draft.link, 'http://x').searchParams.get('id')! })).status,
    ).toBe(200);
  });

  it('keeps another org’s drafts invisible: not listed, not addressable, not downloadable', async () => {
    const nanjing = await deptId('南京市工商联');
    const federation = await upload('nj_aoc', '南京市工商联内部草稿.doc', DOC);
    expect(federation.status).toBe(200);
    expect(federation.body.data.deptId).toBe(nanjing);

    // The chamber lists only its own; asking for its federation's list is 404.
    const chamber = await list('nj_coc');
    expect(chamber.body.data.records.map((r: { id: string }) => r.id)).not.toContain(federation.body.data.id);
    expect((await list('nj_coc', { deptId: nanjing })).status).toBe(404);
    // Nor can it upload into another org.
    expect((await upload('nj_coc', 'x.pdf', PDF, { deptId: nanjing })).status).toBe(404);
    // Whatever the body: an org outside the scope is 404 before anything else is said.
    expect((await t.call({ method: 'POST', url: P.upload, token: tokens.nj_coc, query: { deptId: nanjing }, body: {} })).status).toBe(404);
    // The file link does not open for it.
    const publicId = new URL(federation.body.data.link, 'http://x').searchParams.get('id')!;
    expect((await fetchFile(t, tokens.nj_coc, 'GET', '/api/blade-resource/attach/download', { id: publicId })).status).toBe(404);
    // A city federation cannot see its province's drafts; the province sees the city's.
    const province = await deptId('江苏省工商联');
    expect((await list('nj_aoc', { deptId: province })).status).toBe(404);
    expect((await list('js_aoc', { deptId: nanjing })).body.data.records.map((r: { id: string }) => r.id)).toContain(federation.body.data.id);
  });

  it('refuses a bad file with a Chinese message and stores nothing', async () => {
    const before = await draftCount();
    const exe = await upload('nj_coc', 'setup.exe', Buffer.from('MZ\x90\x00'));
    expect(exe.status).toBe(400);
    expect(exe.body.msg).toBe(DRAFT_MSG.typeBad);
    expect((await upload('nj_coc', '名单.xlsx', DOCX)).body.msg).toBe(DRAFT_MSG.typeBad);
    expect((await upload('nj_coc', '无扩展名', PDF)).body.msg).toBe(DRAFT_MSG.typeBad);
    expect((await upload('nj_coc', '伪装.pdf', Buffer.from('not a pdf at all'))).body.msg).toBe(DRAFT_MSG.contentBad);
    expect((await upload('nj_coc', '伪装.docx', PDF)).body.msg).toBe(DRAFT_MSG.contentBad);
    expect((await upload('nj_coc', '空.pdf', Buffer.alloc(0))).body.msg).toBe(DRAFT_MSG.empty);
    expect((await upload('nj_coc', 'a.pdf', PDF, { title: '长'.repeat(101) })).body.msg).toBe(DRAFT_MSG.titleTooLong);
    expect((await upload('nj_coc', 'a.pdf', PDF, { deptId: 'abc' })).status).toBe(400);
    const notMultipart = await t.call({ method: 'POST', url: P.upload, token: tokens.nj_coc, body: { file: 'x' } });
    expect(notMultipart.status).toBe(400);
    expect(notMultipart.body.msg).toBe(DRAFT_MSG.notMultipart);
    expect(await draftCount()).toBe(before);
  });

  it('removes a draft with its file, within the scope only', async () => {
    const up = await upload('nj_coc', '待删除草稿.pdf', PDF);
    const id = up.body.data.id;
    const publicId = new URL(up.body.data.link, 'http://x').searchParams.get('id')!;
    const other = await upload('nj_aoc', '联合会草稿.pdf', PDF);
    // One id outside the scope refuses the whole list.
    expect((await t.call({ method: 'POST', url: P.remove, token: tokens.nj_coc, query: { ids: `${id},${other.body.data.id}` } })).status).toBe(404);
    expect((await list('nj_coc')).body.data.records.map((r: { id: string }) => r.id)).toContain(id);
    const removed = await t.call({ method: 'POST', url: P.remove, token: tokens.nj_coc, query: { ids: id } });
    expect(removed.status).toBe(200);
    expect((await list('nj_coc')).body.data.records.map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await fetchFile(t, tokens.nj_coc, 'GET', '/api/blade-resource/attach/download', { id: publicId })).status).toBe(404);
  });
});
