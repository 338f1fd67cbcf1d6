/**
 * Splits a migration script into statements, so each runs through the extended protocol that
 * both drivers share. Respects quoted strings and identifiers, line and block comments, and $tag$ bodies.
 */
export function splitSql(script: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  const n = script.length;
  while (i < n) {
    const c = script[i];
    const next = script[i + 1];
    if (c === '-' && next === '-') {
      const end = script.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
    } else if (c === '/' && next === '*') {
      const end = script.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < n) {
        if (script[j] === c) {
          if (script[j + 1] === c) j += 2;
          else break;
        } else j++;
      }
      i = j + 1;
    } else if (c === '$') {
      const m = /^\$[A-Za-z_]*\$/.exec(script.slice(i));
      if (m) {
        const end = script.indexOf(m[0], i + m[0].length);
        i = end < 0 ? n : end + m[0].length;
      } else i++;
    } else if (c === ';') {
      push(script.slice(start, i));
      start = i + 1;
      i++;
    } else i++;
  }
  push(script.slice(start));
  return out;

  function push(stmt: string) {
    const body = stmt.replace(/--[^\n]*\n?/g, '').trim();
    if (body) out.push(stmt.trim());
  }
}
