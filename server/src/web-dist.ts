import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** web/dist next to the server package (the server bundle lives in server/dist). */
export function webDistDir(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.resolve(here, '../../web/dist'), path.resolve(here, '../web/dist'), path.resolve(process.cwd(), 'web/dist')]) {
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}
