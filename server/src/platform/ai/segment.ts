/** Chinese (and mixed) text as words, by the runtime's own segmenter (ICU's dictionary for Chinese). */
const segmenter = new Intl.Segmenter('zh-CN', { granularity: 'word' });

export function words(text: string): string[] {
  const out: string[] = [];
  for (const s of segmenter.segment(text)) if (s.isWordLike) out.push(s.segment.toLowerCase());
  return out;
}

/** How much of `a`'s words `b` shares (0…1), by distinct words: the overlap over the smaller set. */
export function overlap(a: string[], b: string[]): number {
  const A = new Set(a);
  const B = new Set(b);
  if (!A.size || !B.size) return 0;
  let shared = 0;
  for (const w of A) if (B.has(w)) shared += w.length > 1 ? 1 : 0.5; // one-character words weigh half
  return shared / Math.min(A.size, B.size);
}
