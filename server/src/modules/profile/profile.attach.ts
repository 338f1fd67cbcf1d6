import type { AttachReferrers } from '../../platform/files/attach-referrers.js';
import { isGranted } from '../../platform/access/grants.js';
import { profileScope } from './profile.access.js';
import { profileAttachRepo } from './profile-attach.repo.js';

/**
 * Profile records that hold file links: a person's 照片 and an org's 标志. Their file is readable by
 * whoever may open the record's detail: the record's menu, and the same scope and visibility rules.
 */
export function registerProfileAttachments(referrers: AttachReferrers): void {
  referrers.register(
    'person-photo',
    async (db, actor, link) =>
      (await isGranted(db, actor, 'profile_person')) && profileAttachRepo.personWithPhoto(db, await profileScope(db, actor), actor.isAdministrator, link),
  );
  referrers.register(
    'org-logo',
    async (db, actor, link) => (await isGranted(db, actor, 'profile_org')) && profileAttachRepo.orgWithLogo(db, await profileScope(db, actor), link),
  );
}
