import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './connection.js';
import { splitSql } from './split-sql.js';

describe('embedded data directory lock', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gsl-lock-'));

  it('refuses a second holder while the first is alive, and frees on release', () => {
    const release = lockDataDir(dir);
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid)); // another live process holds it
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('takes over a stale lock left by a killed process', () => {
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});

describe('migration statement splitter', () => {
  it('splits on semicolons outside strings, comments and dollar-quoted bodies', () => {
    const script = `-- a comment; not a statement
create table a (x text default 'a;b'); /* block; comment */
create function f() returns int as $$ begin return 1; end $$ language plpgsql;
insert into a values ('it''s; fine');`;
    expect(splitSql(script)).toHaveLength(3);
    expect(splitSql(script)[1]).toContain('$$ begin return 1; end $$');
  });
});
