import type { FastifyInstance } from 'fastify';
import { mailboxRoutes } from './mailbox/mailbox.routes.js';
import { myOrgCardRoutes } from './org/org.routes.js';

/**
 * 我的组织's own org (specification §2 /portal/myOrg): its card (portal/myOrg) and its sender mailbox
 * (child/emailboxConfigure), which the platform's mail adapter uses for the org's e-mail. The login journal
 * reads portal/userlogin/list; the org's information is the org profile's (modules/profile).
 */
export default async function ownOrgModule(app: FastifyInstance) {
  myOrgCardRoutes(app);
  mailboxRoutes(app);
}
