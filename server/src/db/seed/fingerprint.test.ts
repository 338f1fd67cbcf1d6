import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { seedAll, seedFingerprint } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const marks = async () => (await t.db.selectFrom('seedStep').select('name').where('name', 'like', 'seeded:%').execute()).map((r) => r.name).sort();

describe('seed fingerprint (issue 18: a restart of the same build has nothing to seed)', () => {
  it('depends on the build and on the settings the seed reads, not on the rest', () => {
    const fp = seedFingerprint('bundle-a', t.config);
    expect(seedFingerprint('bundle-a', { ...t.config })).toBe(fp);
    expect(seedFingerprint('bundle-a', { ...t.config, port: t.config.port + 1 })).toBe(fp);
    expect(seedFingerprint('bundle-b', t.config)).not.toBe(fp);
    expect(seedFingerprint('bundle-a', { ...t.config, production: !t.config.production })).not.toBe(fp);
    expect(seedFingerprint('bundle-a', { ...t.config, clientSecret: `${t.config.clientSecret}x` })).not.toBe(fp);
    expect(seedFingerprint('bundle-a', { ...t.config, basePath: '/other/' })).not.toBe(fp);
  });

  it('seeds and records the fingerprint; the same one skips; another seeds again and replaces it', async () => {
    const a = seedFingerprint('bundle-a', t.config);
    const b = seedFingerprint('bundle-b', t.config);
    const first = await seedAll(t.db, t.config, { fingerprint: a });
    expect(first.skipped).toBe(false);
    expect(await marks()).toEqual([`seeded:${a}`]);

    // A reference row removed meanwhile is not put back by a restart of the same build…
    await t.db.deleteFrom('bladeParam').where('paramKey', '=', 'portal.banner.interval').execute();
    const again = await seedAll(t.db, t.config, { fingerprint: a });
    expect(again.skipped).toBe(true);
    expect(Boolean(again.demo)).toBe(Boolean(first.demo)); // the start line still lists the demo accounts
    const param = () => t.db.selectFrom('bladeParam').select('id').where('paramKey', '=', 'portal.banner.interval').executeTakeFirst();
    expect(await param()).toBeUndefined();

    // …but by the next build, which seeds as ever.
    const next = await seedAll(t.db, t.config, { fingerprint: b });
    expect(next.skipped).toBe(false);
    expect(await marks()).toEqual([`seeded:${b}`]);
    expect(await param()).toBeDefined();

    // Without a fingerprint (tests, a dev run from source) every call seeds.
    expect((await seedAll(t.db, t.config)).skipped).toBe(false);
  });
});
