import { lazyPage, type PageComponent } from '../lazyPage';

/**
 * Real pages of the server-supplied admin menus, by menu path (wire contract §5). A later issue
 * adds a screen with one entry, e.g.
 *   '/system/param': lazyPage(() => import('../../pages/system/param')),
 * A menu path without an entry shows the placeholder naming the menu.
 */
export const ADMIN_PAGES: Record<string, PageComponent> = {
  '/system/param': lazyPage(() => import('../../pages/system/param')),
  '/system/dict': lazyPage(() => import('../../pages/system/dict')),
  '/system/dictbiz': lazyPage(() => import('../../pages/system/dictbiz')),
  '/system/client': lazyPage(() => import('../../pages/system/client')),
  '/system/dept': lazyPage(() => import('../../pages/system/dept')),
  '/system/post': lazyPage(() => import('../../pages/system/post')),
  '/system/region': lazyPage(() => import('../../pages/system/region')),
  '/system/tenant': lazyPage(() => import('../../pages/system/tenant')),
  '/system/tenantpackage': lazyPage(() => import('../../pages/system/tenantpackage')),
  '/system/datasource': lazyPage(() => import('../../pages/system/datasource')),
  '/system/versionupdatelog': lazyPage(() => import('../../pages/system/versionupdatelog')),
  '/system/attach': lazyPage(() => import('../../pages/system/attach')),
  '/monitor/log/usual': lazyPage(() => import('../../pages/monitor/log/usual')),
  '/monitor/log/api': lazyPage(() => import('../../pages/monitor/log/api')),
  '/monitor/log/error': lazyPage(() => import('../../pages/monitor/log/error')),
  '/monitor/log/login': lazyPage(() => import('../../pages/monitor/log/login')),
  '/system/user': lazyPage(() => import('../../pages/system/user')),
  '/authority/role': lazyPage(() => import('../../pages/authority/role')),
  '/authority/datascope': lazyPage(() => import('../../pages/authority/datascope')),
  '/authority/apiscope': lazyPage(() => import('../../pages/authority/apiscope')),
  '/system/menu': lazyPage(() => import('../../pages/system/menu')),
  '/system/topmenu': lazyPage(() => import('../../pages/system/topmenu')),
  '/system/smsSource': lazyPage(() => import('../../pages/message/source')),
  '/system/smsOutbox': lazyPage(() => import('../../pages/message/outbox/SmsOutbox')),
  '/system/mailOutbox': lazyPage(() => import('../../pages/message/outbox/MailOutbox')),
  '/system/question': lazyPage(() => import('../../pages/system/question')),
  '/system/suggestion': lazyPage(() => import('../../pages/system/suggestion')),
  '/system/formTemplate': lazyPage(() => import('../../pages/fillin/TemplateAdminPage')),
  '/system/newsSource': lazyPage(() => import('../../pages/system/newsSource')),
  '/system/portalApp': lazyPage(() => import('../../pages/system/portalApp')),
};
