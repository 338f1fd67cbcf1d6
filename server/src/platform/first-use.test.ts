import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mailSanitizer, sanitizeMailHtml } from './delivery/content.js';
import { loadNodemailer } from './delivery/mail.js';

/**
 * Packages the server loads on first use rather than at every start (issue 18's cold start), with what each
 * costs to load here: exceljs (about 0.3 s, on the first import or export), openai (about 300 modules, on the
 * first question to an OpenAI-compatible model), nodemailer (0.15 s, on the first mail over SMTP) and
 * sanitize-html (0.16 s, on the first mail). A value import anywhere in the server's code would load one at
 * start again.
 */
const SRC = path.resolve(import.meta.dirname, '..');
const files = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path.join(dir, e.name)] : []));

describe('packages loaded on first use', () => {
  it.each(['exceljs', 'openai', 'nodemailer', 'sanitize-html'])('no server module imports %s as a value (types only)', (pkg) => {
    const valueImport = new RegExp(`^import\\s+(?!type\\b)[^;]*from\\s+'${pkg}'`, 'm');
    const offenders = files(SRC).filter((f) => valueImport.test(fs.readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(SRC, f))).toEqual([]);
  });

  it('nodemailer and the mail sanitiser are loaded once, and work', async () => {
    const a = await loadNodemailer();
    expect(await loadNodemailer()).toBe(a);
    expect(typeof a.createTransport).toBe('function');
    expect(await mailSanitizer()).toBe(await mailSanitizer());
    expect(await sanitizeMailHtml('<p onclick="x()">正文<script>1</script></p>')).toBe('<p>正文</p>');
  });
});
