import type { Kysely } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { resolveScope } from '../../platform/access/scope.js';
import { PROFILE_RESOURCE } from './profile.defs.js';

/** Orgs that own profile records and have an organisation profile: federations, chambers, associations. */
export const ORG_CATEGORIES = [1, 2, 3];

export const profileScope = (db: Db, actor: Actor) => resolveScope(db, actor, PROFILE_RESOURCE);

/** Kysely cannot follow a table chosen by a parameter. */
export const anyDb = (db: Db) => db as unknown as Kysely<any>;
