// Prints the gzip size of the JavaScript a screen loads, from the Vite manifest of `npm run build -w web`.
//   /login        = the main entry and its static imports
//   portal shell  = that plus the lazy shell layout and the first portal page (/portal/myDay)
//   /model        = the second entry
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const keyOf = (suffix) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(suffix));
  if (!key) throw new Error(`no chunk for ${suffix}`);
  return key;
};

function size(keys) {
  let raw = 0;
  let gz = 0;
  for (const key of closure(keys)) {
    const file = manifest[key].file;
    if (!file.endsWith('.js')) continue;
    const buf = readFileSync(join(dist, file));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return `${(gz / 1024).toFixed(1)} KB gzip (${(raw / 1024).toFixed(1)} KB raw)`;
}

const main = keyOf('index.html');
console.log(`/login        ${size([main])}`);
console.log(`portal shell  ${size([main, keyOf('app/shell/ShellLayout.tsx'), keyOf('pages/placeholder/ComingSoon.tsx')])}`);
console.log(`/model        ${size([keyOf('model.html')])}`);
