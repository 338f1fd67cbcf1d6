import type { Db } from '../connection.js';
import type { AppConfig } from '../../platform/config/config.js';
import { hashPassword } from '../../platform/auth/password.js';
import { sha256 } from '../../platform/auth/tokens.js';
import { DEMO_ACCOUNTS, seedDemo } from './demo.js';
import { seedReference } from './reference.js';
import { seedDemoChambers, seedDemoMembers } from './demo-members.js';
import { seedDemoProfiles } from './demo-profiles.js';
import { seedDemoLeaders, seedDemoResume } from './demo-association.js';
import { seedDemoMessages } from './demo-messages.js';
import { seedDemoNotes } from './demo-myday.js';
import { seedDemoQuestions, seedDemoSuggestions } from './demo-support.js';
import { seedDemoAiConversations } from './demo-ai.js';
import { seedDemoContacts } from './demo-contacts.js';
import { seedDemoFillin } from './demo-fillin.js';
import { seedDemoApps } from './demo-portalapp.js';

/** The demo password of every demo account (README); demo data exists only outside production. */
export const DEMO_PASSWORD = 'Demo@2026';

/**
 * What a start seeds depends only on the seed's code and data and on a few settings: when a start with the
 * same fingerprint (main.ts: the server bundle and those settings) completed the seed before, a restart has
 * nothing to add and skips it (issue 18: cold start). A new build or changed settings seed again as ever.
 */
export function seedFingerprint(build: string, cfg: AppConfig): string {
  const settings = {
    tenant: cfg.defaultTenantId,
    demo: cfg.demoData && !cfg.production,
    production: cfg.production,
    clientId: cfg.clientId,
    clientSecret: sha256(cfg.clientSecret),
    basePath: cfg.basePath,
  };
  return sha256(`${build}\n${JSON.stringify(settings)}`);
}

const SEEDED = 'seeded:';

export async function seedAll(db: Db, cfg: AppConfig, opts: { fingerprint?: string } = {}) {
  const demoOn = cfg.demoData && !cfg.production;
  if (opts.fingerprint) {
    const done = await db
      .selectFrom('seedStep')
      .select('name')
      .where('name', '=', SEEDED + opts.fingerprint)
      .executeTakeFirst();
    if (done) return { demo: demoOn ? { depts: 0, users: 0, created: false } : null, skipped: true };
  }
  const seeded = await seedEverything(db, cfg);
  if (opts.fingerprint) {
    const name = SEEDED + opts.fingerprint;
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('seedStep').where('name', 'like', `${SEEDED}%`).where('name', '<>', name).execute();
      await tx
        .insertInto('seedStep')
        .values({ name })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    });
  }
  return { ...seeded, skipped: false };
}

async function seedEverything(db: Db, cfg: AppConfig) {
  const roleIds = await seedReference(db, cfg);
  if (!cfg.demoData || cfg.production) return { demo: null };
  const exists = await db.selectFrom('bladeUser').select('id').where('account', '=', DEMO_ACCOUNTS[0].account).executeTakeFirst();
  const passwordHash = exists ? '' : await hashPassword(DEMO_PASSWORD);
  const demo = await seedDemo(db, { tenantId: cfg.defaultTenantId, passwordHash, roleIds });
  await seedDemoMembers(db, { tenantId: cfg.defaultTenantId, production: cfg.production });
  await seedDemoProfiles(db, { production: cfg.production });
  await seedDemoLeaders(db, { production: cfg.production });
  await seedDemoResume(db);
  await seedDemoChambers(db, { tenantId: cfg.defaultTenantId, production: cfg.production });
  await seedDemoMessages(db, { tenantId: cfg.defaultTenantId, production: cfg.production });
  await seedDemoNotes(db, { tenantId: cfg.defaultTenantId });
  await seedDemoQuestions(db, { tenantId: cfg.defaultTenantId });
  await seedDemoSuggestions(db, { tenantId: cfg.defaultTenantId });
  await seedDemoAiConversations(db, { tenantId: cfg.defaultTenantId });
  await seedDemoContacts(db, { tenantId: cfg.defaultTenantId });
  await seedDemoFillin(db, { tenantId: cfg.defaultTenantId, production: cfg.production });
  await seedDemoApps(db, { tenantId: cfg.defaultTenantId });
  return { demo };
}
