import type { Envelope } from '@gsl/contract';
import { authHeaders, buildUrl, exchange, readAnswer, request, type QueryValue } from './http';

/**
 * Files over the one transport (http.ts sets the headers, decrypts, reads the envelope and applies
 * the 401 rule): downloads with their file name, multipart uploads, saving a Blob to disk, and the
 * size of a file in words.
 */

/** Bytes so far and the whole size when the server said it (a streamed export does not). */
export interface Progress {
  loaded: number;
  total?: number;
}

export interface DownloadedFile {
  blob: Blob;
  name: string;
}

/** The file name of a download: RFC 5987 filename*, else filename, else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

/** The bytes of a response, reporting them as they arrive. */
async function readBytes(response: Response, onProgress?: (p: Progress) => void): Promise<BlobPart[]> {
  const total = Number(response.headers.get('content-length')) || undefined;
  const reader = response.body?.getReader();
  if (!reader) {
    const buffer = await response.arrayBuffer();
    onProgress?.({ loaded: buffer.byteLength, total });
    return [buffer];
  }
  const chunks: BlobPart[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value as BlobPart);
    loaded += value.byteLength;
    onProgress?.({ loaded, total });
  }
}

const FILE_TYPES = /spreadsheetml|octet-stream/;

/**
 * Downloads a file call (GET, or POST for calls such as export-member-*) as a Blob named as the
 * server says, reporting the bytes as they arrive. A refusal answers an envelope instead of a file:
 * it is told and thrown as every other call's.
 */
export async function downloadFile(
  url: string,
  {
    params = {},
    method = 'GET',
    fallbackName,
    onProgress,
  }: { params?: Record<string, QueryValue>; method?: 'GET' | 'POST'; fallbackName: string; onProgress?: (p: Progress) => void },
): Promise<DownloadedFile> {
  // An empty filter is no filter: the list's search form leaves its unused fields ''.
  const filters = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== ''));
  const answer = await exchange(url, { method, params: filters }, async (response) => {
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !FILE_TYPES.test(type)) return { refused: { status: response.status, text: await response.text().catch(() => '') } };
    const chunks = await readBytes(response, onProgress);
    return { file: { blob: new Blob(chunks, { type }), name: fileNameOf(response.headers.get('content-disposition'), fallbackName) } };
  });
  if (answer?.file) return answer.file;
  const { status, text } = answer?.refused ?? { status: 0, text: '' };
  readAnswer(status, text); // tells and throws the refusal
  // An envelope saying success is still no file: as if nothing had answered (系统错误).
  return readAnswer(0, '');
}

/**
 * Uploads one file as multipart `file` (query params beside it) and answers the envelope's msg and
 * data. With onProgress the bytes are reported as they go up, which fetch cannot do: that upload
 * runs on an XMLHttpRequest with the same headers and the same reading of the answer.
 */
export async function uploadFile<T>(
  url: string,
  file: Blob & { name?: string },
  { params, fallbackName = 'upload', onProgress }: { params?: Record<string, QueryValue>; fallbackName?: string; onProgress?: (p: Progress) => void } = {},
): Promise<{ msg: string; data: T }> {
  const form = new FormData();
  form.append('file', file, file.name ?? fallbackName);
  if (!onProgress) {
    const envelope = await request<Envelope<T>>(url, { method: 'POST', params, body: form });
    return { msg: envelope.msg, data: envelope.data };
  }
  const answer = await new Promise<{ status: number; text: string }>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(url, params));
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onProgress({ loaded: e.loaded, total: e.lengthComputable ? e.total : undefined });
    xhr.onerror = () => resolve({ status: 0, text: '' });
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.send(form);
  });
  const envelope = readAnswer<Envelope<T>>(answer.status, answer.text);
  return { msg: envelope.msg, data: envelope.data };
}

/** Hands a downloaded Blob to the browser as a file. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

const UNITS = ['B', 'KB', 'MB', 'GB'];
/** 1536 → 1.5 KB. */
export function fileSizeText(bytes: number): string {
  let n = bytes;
  let unit = 0;
  while (n >= 1024 && unit < UNITS.length - 1) {
    n /= 1024;
    unit++;
  }
  return `${unit === 0 ? n : n.toFixed(n >= 10 ? 0 : 1)} ${UNITS[unit]}`;
}
