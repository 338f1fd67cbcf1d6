import type { FastifyInstance } from 'fastify';
import { z, type ZodType } from 'zod';
import type { RouteDef } from './route.js';

const envelopeOf = (data: object) => ({
  type: 'object',
  properties: { code: { type: 'integer' }, success: { type: 'boolean' }, data, msg: { type: 'string' } },
  required: ['code', 'success', 'data', 'msg'],
});

function jsonSchema(schema: ZodType, io: 'input' | 'output'): Record<string, unknown> {
  try {
    const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
    return rest;
  } catch {
    return {};
  }
}

function parameters(schema: ZodType | undefined, where: 'query' | 'path') {
  if (!schema) return [];
  const js = jsonSchema(schema, 'input') as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(js.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (js.required ?? []).includes(name),
    schema: s,
  }));
}

/** The OpenAPI 3.1 document of every route, built from the same zod schemas that validate them. */
export function buildOpenApi(app: FastifyInstance, version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of app.routeDefs as RouteDef[]) {
    const path = def.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    const access = def.access;
    const security = 'public' in access ? (access.public === 'open' ? [] : [{ client: [] }]) : [{ client: [], bladeAuth: [] }];
    const op: Record<string, unknown> = {
      summary: def.summary,
      tags: def.tags,
      security,
      'x-permission':
        'permission' in access ? (typeof access.permission === 'string' ? access.permission : access.permission.join(' | ')) : `public:${access.public}`,
      parameters: [...parameters(def.query, 'query'), ...parameters(def.params, 'path')],
      responses: {
        '200': def.raw
          ? { description: '成功', content: { [def.produces ?? 'application/json']: {} } }
          : {
              description: '成功 (响应体按 API_CRYPTO 加密)',
              content: { 'application/json': { schema: envelopeOf(def.response ? jsonSchema(def.response, 'output') : {}) } },
            },
        '400': { description: '参数或业务错误' },
        ...('public' in access && access.public === 'open' ? {} : { '401': { description: '未登录或客户端认证失败' } }),
        ...('permission' in access ? { '403': { description: '无权限' } } : {}),
      },
    };
    if (def.body) {
      op.requestBody = {
        required: true,
        content: Object.fromEntries((def.consumes ?? ['application/json']).map((c) => [c, { schema: jsonSchema(def.body!, 'input') }])),
      };
    }
    (paths[path] ??= {})[def.method.toLowerCase()] = op;
  }
  // The schemas are zod's JSON Schema (draft 2020-12: `"type": ["string", "null"]`), which is OpenAPI 3.1's
  // dialect, so the document declares 3.1 and says so (a 3.0 reader would misread them).
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: { title: '工商联门户 API', version, description: '工商联门户与管理后台的全部接口。响应按线路约定 (wire contract) 加密。' },
    components: {
      securitySchemes: {
        client: { type: 'http', scheme: 'basic', description: '客户端 client_id:client_secret' },
        bladeAuth: { type: 'apiKey', in: 'header', name: 'Blade-Auth', description: 'bearer <access_token>' },
      },
    },
    paths,
  };
}
