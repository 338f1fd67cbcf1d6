import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (architecture §1: files live in a configured store). The built-in
 * store is a local directory; an S3-compatible store implements the same interface.
 */
export interface FileStore {
  /** Writes the stream under `key`; returns the bytes written. */
  put(key: string, body: Readable): Promise<number>;
  get(key: string): Readable;
  /** Whether bytes are stored under `key` (a download answers 404 rather than a broken stream). */
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  private resolve(key: string): string {
    if (!/^[A-Za-z0-9/_.-]+$/.test(key) || key.includes('..')) throw new Error(`invalid file key ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, body: Readable): Promise<number> {
    const file = this.resolve(key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.part`;
    try {
      await pipeline(body, fs.createWriteStream(tmp, { flags: 'wx' }));
      fs.renameSync(tmp, file); // a crash mid-upload never leaves a half file under the real key
      return fs.statSync(file).size;
    } catch (err) {
      fs.rmSync(tmp, { force: true });
      throw err;
    }
  }

  get(key: string): Readable {
    return fs.createReadStream(this.resolve(key));
  }

  async exists(key: string): Promise<boolean> {
    return fs.promises.stat(this.resolve(key)).then(
      (st) => st.isFile(),
      () => false,
    );
  }

  async remove(key: string): Promise<void> {
    fs.rmSync(this.resolve(key), { force: true });
  }
}
