import type { AttachDownloadLink, AttachView } from '@gsl/contract';
import { bladeCrudApi, type CrudApi } from '../crud';
import { get } from '../http';

/**
 * 附件管理 (blade-resource attach):
 *   GET  /api/blade-resource/attach/list           current, size, originalName, extension, category, createTime_dategt/_datelt
 *   GET  /api/blade-resource/attach/detail         id
 *   POST /api/blade-resource/attach/remove         ?ids=  (attach_delete; all or none)
 *   GET  /api/blade-resource/attach/download-link  id (the file's public id) → a link good for that file for a few minutes
 * Files are added by uploading (put-file-attach), never through a form: there is no submit.
 */
const BASE = '/api/blade-resource/attach';

const crud = bladeCrudApi<AttachView, never>(BASE, ['resource', 'attach']);

export const attachApi: CrudApi<AttachView, never> = {
  ...crud,
  submit: () => Promise.reject(new Error('附件只能通过上传新增')),
};

/** A link that opens the file without headers (a new tab, an img src): it never carries the access token. */
export async function attachDownloadLink(publicId: string): Promise<string | undefined> {
  return (await get<AttachDownloadLink>(`${BASE}/download-link`, { id: publicId }))?.link;
}

/** Opens the file in a new tab (images and PDFs show there, other files download). */
export async function openAttach(publicId: string): Promise<void> {
  // The tab is opened first, inside the click, so the browser does not block it as a pop-up.
  const tab = window.open('about:blank', '_blank');
  const link = await attachDownloadLink(publicId).catch((err: unknown) => {
    tab?.close();
    throw err;
  });
  if (!link) {
    tab?.close();
    return;
  }
  if (tab) {
    tab.opener = null;
    tab.location.href = link;
  } else window.location.assign(link);
}
