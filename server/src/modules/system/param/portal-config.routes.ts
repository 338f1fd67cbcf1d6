import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/http/route.js';
import { paramRepo } from './param.repo.js';

/** Keys of the customer-service profile (customer/detail); administrators set them on the 参数管理 screen. */
export const CUSTOMER_KEYS = {
  name: 'portal.customer.name',
  phone: 'portal.customer.phone',
  email: 'portal.customer.email',
  serviceTime: 'portal.customer.serviceTime',
  address: 'portal.customer.address',
} as const;

/**
 * Portal settings every signed-in user reads: the page configuration (all `portal.*` parameters as
 * a key → value map) and the customer-service profile shown by 客服.
 */
export default async function portalConfigRoutes(app: FastifyInstance) {
  const portalParams = () => paramRepo.valuesByPrefix(app.db, 'portal.');

  route(app, {
    method: 'GET',
    url: '/api/blade-system/param/pageconfig',
    summary: 'param pageconfig: 门户页面配置 (全部 portal.* 参数)',
    tags: ['system'],
    access: { permission: 'authenticated' },
    handler: () => portalParams(),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-system/customer/detail',
    summary: 'customer/detail: 客服信息 (名称、电话、邮箱、服务时间、地址; 未配置为 null)',
    tags: ['system'],
    access: { permission: 'authenticated' },
    handler: async () => {
      const params = await portalParams();
      return Object.fromEntries(Object.entries(CUSTOMER_KEYS).map(([field, key]) => [field, params[key] ?? null]));
    },
  });
}
