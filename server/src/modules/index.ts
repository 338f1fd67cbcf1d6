import type { FastifyPluginAsync } from 'fastify';
import healthRoutes from './health/health.routes.js';
import tokenRoutes from './auth/token.routes.js';
import ssoRoutes from './auth/sso.routes.js';
import menuRoutes from './system/menu/menu.routes.js';
import paramRoutes from './system/param/param.routes.js';
import { dictBizModule, dictModule } from './system/dict/dict.routes.js';
import portalRoutes from './portal/portal.routes.js';
import clientLogRoutes from './log/client-log.routes.js';
import logRoutes from './log/log.routes.js';
import clientRoutes from './system/client/client.routes.js';
import versionLogRoutes from './system/versionlog/versionlog.routes.js';
import portalConfigRoutes from './system/param/portal-config.routes.js';
import attachRoutes from './resource/attach.routes.js';
import tenantRoutes from './system/tenant/tenant.routes.js';
import tenantPackageRoutes from './system/tenant/package.routes.js';
import datasourceRoutes from './system/datasource/datasource.routes.js';
import userloginRoutes from './portal/userlogin/userlogin.routes.js';
import deptRoutes from './system/dept/dept.routes.js';
import regionRoutes from './system/region/region.routes.js';
import postRoutes from './system/post/post.routes.js';
import userModule from './user/user.module.js';
import roleRoutes from './system/role/role.routes.js';
import topMenuRoutes from './system/topmenu/topmenu.routes.js';
import { apiScopeModule, dataScopeModule } from './system/scope/scope.routes.js';
import memberRoutes from './member/member.routes.js';
import memberLogRoutes from './member/member-log.routes.js';
import memberExcelRoutes from './member/member-excel.routes.js';
import chamberRoutes from './chamber/chamber.routes.js';
import groupBaseRoutes from './member/groupbase.routes.js';
import profileBaseRoutes from './profile/base.routes.js';
import profileSectionRoutes from './profile/section.routes.js';
import profileOrgRoutes from './profile/orgprofile.routes.js';
import outboxBoxRoutes from './message/outbox/outbox-box.routes.js';
import messageModule from './message/message.module.js';
import mydayChatModule from './myday/myday-chat.module.js';
import mydayModule from './myday/myday.module.js';
import myCenterRoutes from './user/profile/profile.routes.js';
import userWxRoutes from './user/wx/user-wx.routes.js';
import addressRoutes from './myorg/address/address.routes.js';
import ownOrgModule from './myorg/own-org.module.js';
import orgAccountRoutes from './user/orgaccount/orgaccount.routes.js';
import associationModule from './association/association.module.js';
import supportModule from './support/support.module.js';
import aiModule from './ai/ai.module.js';
import aiResumeModule from './airesume/airesume.module.js';
import aiHomepageModule from './aihome/aihome.module.js';
import aiPortraitModule from './aiportrait/aiportrait.module.js';
import fillinModule from './fillin/fillin.module.js';
import newsModule from './news/news.module.js';
import cockpitRoutes from './cockpit/cockpit.routes.js';
import portalAppModule from './portalapp/portalapp.module.js';
import cocModelRoutes from './cocmodel/cocmodel.routes.js';
import aiShareModule from './aishare/aishare.module.js';

/** The explicit list of modules (architecture §3): adding a module is one line here. */
export const MODULES: FastifyPluginAsync[] = [
  healthRoutes,
  tokenRoutes,
  ssoRoutes,
  menuRoutes,
  paramRoutes,
  dictModule,
  dictBizModule,
  portalRoutes,
  userloginRoutes,
  clientLogRoutes,
  logRoutes,
  clientRoutes,
  versionLogRoutes,
  deptRoutes,
  regionRoutes,
  postRoutes,
  portalConfigRoutes,
  attachRoutes,
  userModule,
  roleRoutes,
  topMenuRoutes,
  dataScopeModule,
  apiScopeModule,
  tenantRoutes,
  tenantPackageRoutes,
  datasourceRoutes,
  memberRoutes,
  memberLogRoutes,
  memberExcelRoutes,
  chamberRoutes,
  groupBaseRoutes,
  profileBaseRoutes,
  profileSectionRoutes,
  profileOrgRoutes,
  outboxBoxRoutes,
  messageModule,
  mydayChatModule,
  mydayModule,
  myCenterRoutes,
  userWxRoutes,
  addressRoutes,
  ownOrgModule,
  orgAccountRoutes,
  associationModule,
  supportModule,
  aiModule,
  aiResumeModule,
  aiHomepageModule,
  aiPortraitModule,
  fillinModule,
  newsModule,
  cockpitRoutes,
  portalAppModule,
  cocModelRoutes,
  aiShareModule,
];
