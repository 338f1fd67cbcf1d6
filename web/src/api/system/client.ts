import type { ClientSubmit, ClientView } from '@gsl/contract';
import { bladeCrudApi } from '../crud';

/**
 * 应用管理: the OAuth clients (specification §3 "Client", §7 "client: GET list (current, size,
 * filters); GET detail (id); POST remove (ids as query); POST submit (body, add and update)"):
 *   GET  /api/blade-system/client/list    current, size, clientId, authorizedGrantTypes, createTime_dategt/_datelt
 *   GET  /api/blade-system/client/detail  id (never the secret)
 *   POST /api/blade-system/client/submit  ClientSubmit; a new client without a secret gets a generated one,
 *                                         answered ONCE as data.clientSecret (null otherwise)
 *   POST /api/blade-system/client/remove  ?ids= (the web client itself cannot be removed)
 * Permission: client, buttons client_add / client_edit / client_delete / client_view.
 */
export type { ClientView };

export const clientApi = bladeCrudApi<ClientView, ClientSubmit>('/api/blade-system/client', ['system', 'client']);
