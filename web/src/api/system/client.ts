import type { ClientSubmit } from '@gsl/contract';
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
export interface ClientView {
  id: string;
  clientId: string;
  /** Always null in lists; the generated secret of a new client in its submit answer. */
  clientSecret: string | null;
  scope: string;
  authorizedGrantTypes: string;
  webServerRedirectUri: string | null;
  resourceIds: string | null;
  authorities: string | null;
  additionalInformation: string | null;
  autoapprove: string | null;
  accessTokenValidity: number;
  refreshTokenValidity: number;
  /** 1 enabled (the client may sign in), 0 disabled. */
  status: number;
  version: number;
  createTime: string | null;
  updateTime: string | null;
}

export const clientApi = bladeCrudApi<ClientView, ClientSubmit>('/api/blade-system/client', ['system', 'client']);
