import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Reads a captcha image the way a person would, for end-to-end tests only (the server keeps just a
 * hash of the answer, and its database belongs to the server process). The server draws each
 * character as its font glyph moved to its place plus a jitter of ±0.1 per point (svg-captcha), so
 * every glyph path is compared, position taken away, with the same library's drawing of each
 * candidate character. The product has no way around its captcha.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const requireServer = createRequire(resolve(ROOT, 'server/package.json'));
const svgCaptcha = requireServer('svg-captcha') as { (text: string, options: Record<string, unknown>): string; options: { charPreset: string } };

/** The server's drawing options (server/src/modules/auth/captcha.service.ts). */
const DRAWING = { noise: 0, color: true, width: 120, height: 40, background: '#f2f6fc' };
const IGNORED = '0oO1ilI';

interface Glyph {
  commands: string;
  /** Coordinates, relative to the path's first point. */
  shape: number[];
  x: number;
}

function glyphOf(d: string): Glyph {
  const commands = d.replace(/[^A-Za-z]/g, '');
  const numbers = (d.match(/-?\d*\.?\d+(?:e-?\d+)?/gi) ?? []).map(Number);
  const [x0, y0] = numbers;
  return { commands, shape: numbers.map((n, i) => n - (i % 2 ? y0 : x0)), x: x0 };
}

/** The filled paths of an SVG (the characters; the noise lines are strokes with fill="none"). */
function filledPaths(svg: string): string[] {
  return [...svg.matchAll(/<path fill="(?!none)[^"]*" d="([^"]+)"/g)].map((m) => m[1]);
}

let references: Array<{ ch: string; glyph: Glyph }> | null = null;
function referenceGlyphs() {
  return (references ??= [...svgCaptcha.options.charPreset]
    .filter((ch) => !IGNORED.includes(ch))
    .map((ch) => ({ ch, glyph: glyphOf(filledPaths(svgCaptcha(ch, DRAWING))[0]) })));
}

const distance = (a: number[], b: number[]) => a.reduce((worst, n, i) => Math.max(worst, Math.abs(n - b[i])), 0);

/** The text of a captcha image (`data:image/svg+xml;base64,…` or the SVG itself), lower-cased. */
export function readCaptcha(image: string): string {
  const svg = image.startsWith('data:') ? Buffer.from(image.slice(image.indexOf(',') + 1), 'base64').toString('utf8') : image;
  const glyphs = filledPaths(svg)
    .map(glyphOf)
    .sort((a, b) => a.x - b.x);
  return glyphs
    .map((g) => {
      let best: { ch: string; d: number } = { ch: '?', d: Infinity };
      for (const r of referenceGlyphs()) {
        if (r.glyph.commands !== g.commands || r.glyph.shape.length !== g.shape.length) continue;
        const d = distance(r.glyph.shape, g.shape);
        if (d < best.d) best = { ch: r.ch, d };
      }
      if (best.d > 1) throw new Error('captcha: a character could not be read');
      return best.ch;
    })
    .join('')
    .toLowerCase();
}
