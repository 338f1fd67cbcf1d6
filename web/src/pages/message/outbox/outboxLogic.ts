import { ATTACH_PUBLIC_ID_RE } from '@gsl/contract';

/** The file's public id in a download link (/api/blade-resource/attach/download?id=…), or null. */
export function attachmentPublicId(link: string | null): string | null {
  if (!link) return null;
  const id = new URL(link, 'http://localhost').searchParams.get('id');
  return id && ATTACH_PUBLIC_ID_RE.test(id) ? id : null;
}

/**
 * The mail body as the frame's document: the body is sanitised by the server already, and the frame is
 * sandboxed without any permission (no scripts, forms, pop-ups or navigation; an origin of its own);
 * this only gives it a charset and a readable font.
 */
export function mailDocument(html: string): string {
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    '<style>body{font:14px/1.6 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#303133;margin:12px;word-break:break-word}img{max-width:100%}</style>' +
    `</head><body>${html}</body></html>`
  );
}
