// The ordered list of migrations. Files are read at build time (esbuild text loader / vite raw),
// so the bundle carries them and nothing depends on the working directory.
import m0001 from './0001_platform.sql';
import m0002 from './0002_versions.sql';
import m0003 from './0003_dict_rules.sql';
import m0004 from './0004_dept_region_post.sql';
import m0005 from './0005_user.sql';
import m0006 from './0006_role_menu.sql';
import m0007 from './0007_client.sql';
import m0008 from './0008_version_log.sql';
import m0009 from './0009_attach.sql';
import m0010 from './0010_tenant.sql';
import m0011 from './0011_member.sql';
import m0012 from './0012_change_log.sql';
import m0013 from './0013_chamber.sql';
import m0014 from './0014_member_count.sql';
import m0015 from './0015_member_filter_index.sql';
import m0016 from './0016_datasource.sql';
import m0017 from './0017_member_time_index.sql';
import m0018 from './0018_sso_tenant.sql';
import m0020 from './0020_profile.sql';
import m0021 from './0021_attach_access.sql';
import m0022 from './0022_sso_session_link.sql';
import m0023 from './0023_delivery.sql';
import m0024 from './0024_events.sql';
import m0025 from './0025_message.sql';
import m0026 from './0026_chat.sql';
import m0027 from './0027_myday.sql';
import m0028 from './0028_mycenter.sql';
import m0029 from './0029_wechat.sql';
import m0032 from './0032_org_mailbox.sql';
import m0033 from './0033_association.sql';
import m0034 from './0034_support.sql';
import m0035 from './0035_cockpit.sql';
import m0038 from './0038_portal_apps.sql';
import m0039 from './0039_news.sql';
import m0040 from './0040_fillin.sql';
import m0041 from './0041_org_contact.sql';
import m0042 from './0042_portal_reminder.sql';
import m0043 from './0043_cockpit_stale_year.sql';
import m0044 from './0044_user_platform.sql';
import m0045 from './0045_region_local.sql';
import m0046 from './0046_contract_draft.sql';
import m0050 from './0050_ai.sql';
import m0051 from './0051_ai_resume.sql';
import m0052 from './0052_ai_resume_coc.sql';
import m0054 from './0054_ai_homepage.sql';
import m0055 from './0055_dept_changed.sql';
import m0056 from './0056_ai_share.sql';
import m0057 from './0057_access_changed.sql';

export const MIGRATIONS: Array<{ name: string; sql: string }> = [
  { name: '0001_platform', sql: m0001 },
  { name: '0002_versions', sql: m0002 },
  { name: '0003_dict_rules', sql: m0003 },
  { name: '0004_dept_region_post', sql: m0004 },
  { name: '0005_user', sql: m0005 },
  { name: '0006_role_menu', sql: m0006 },
  { name: '0007_client', sql: m0007 },
  { name: '0008_version_log', sql: m0008 },
  { name: '0009_attach', sql: m0009 },
  { name: '0010_tenant', sql: m0010 },
  { name: '0011_member', sql: m0011 },
  { name: '0012_change_log', sql: m0012 },
  { name: '0013_chamber', sql: m0013 },
  { name: '0014_member_count', sql: m0014 },
  { name: '0015_member_filter_index', sql: m0015 },
  { name: '0016_datasource', sql: m0016 },
  { name: '0017_member_time_index', sql: m0017 },
  { name: '0018_sso_tenant', sql: m0018 },
  { name: '0020_profile', sql: m0020 },
  { name: '0021_attach_access', sql: m0021 },
  { name: '0022_sso_session_link', sql: m0022 },
  { name: '0023_delivery', sql: m0023 },
  { name: '0024_events', sql: m0024 },
  { name: '0025_message', sql: m0025 },
  { name: '0026_chat', sql: m0026 },
  { name: '0027_myday', sql: m0027 },
  { name: '0028_mycenter', sql: m0028 },
  { name: '0029_wechat', sql: m0029 },
  { name: '0032_org_mailbox', sql: m0032 },
  { name: '0033_association', sql: m0033 },
  { name: '0034_support', sql: m0034 },
  { name: '0035_cockpit', sql: m0035 },
  { name: '0038_portal_apps', sql: m0038 },
  { name: '0039_news', sql: m0039 },
  { name: '0040_fillin', sql: m0040 },
  { name: '0041_org_contact', sql: m0041 },
  { name: '0042_portal_reminder', sql: m0042 },
  { name: '0043_cockpit_stale_year', sql: m0043 },
  { name: '0044_user_platform', sql: m0044 },
  { name: '0045_region_local', sql: m0045 },
  { name: '0046_contract_draft', sql: m0046 },
  { name: '0050_ai', sql: m0050 },
  { name: '0051_ai_resume', sql: m0051 },
  { name: '0052_ai_resume_coc', sql: m0052 },
  { name: '0054_ai_homepage', sql: m0054 },
  { name: '0055_dept_changed', sql: m0055 },
  { name: '0056_ai_share', sql: m0056 },
  { name: '0057_access_changed', sql: m0057 },
];
