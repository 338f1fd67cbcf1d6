import type { Db } from '../connection.js';
import type { AppConfig } from '../../platform/config/config.js';
import { hashPassword } from '../../platform/auth/password.js';
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

export async function seedAll(db: Db, cfg: AppConfig) {
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
