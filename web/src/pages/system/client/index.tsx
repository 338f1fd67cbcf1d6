import { useState } from 'react';
import type { ClientSubmit } from '@gsl/contract';
import { clientApi, type ClientView } from '../../../api/system/client';
import { CrudTable } from '../../../components/crud/CrudTable';
import { crudPermissions } from '../../../components/crud/crudLogic';
import { clientBody, clientFormValues, DEFAULT_ACCESS_SECONDS, DEFAULT_REFRESH_SECONDS } from './clientLogic';
import { CLIENT_COLUMNS } from './columns';
import { clientFields } from './fields';
import { SecretModal, type IssuedSecret } from './SecretModal';

/**
 * 应用管理 at /system/client (specification §3 "Client", §7): the OAuth clients with search, paging,
 * multi-select, 查看 / 编辑 / 删除 and 新增. A new client saved without a secret gets a generated
 * one, answered once: it is shown in a dialog with 复制 and the warning that it will not be shown
 * again. Removing this web client itself is refused by the server (toasted by http.ts).
 */
export default function ClientPage() {
  const [issued, setIssued] = useState<IssuedSecret | null>(null);
  return (
    <>
      <CrudTable<ClientView, ClientSubmit>
        testId="client"
        api={clientApi}
        columns={CLIENT_COLUMNS}
        fields={(mode) => clientFields(mode)}
        search={[
          { name: 'clientId', label: '客户端编号' },
          { name: 'authorizedGrantTypes', label: '授权类型' },
        ]}
        dateRange={{ name: 'createTime', label: '创建时间' }}
        permissions={crudPermissions('client')}
        labelWidth={110}
        addValues={() => ({ scope: 'all', accessTokenValidity: DEFAULT_ACCESS_SECONDS, refreshTokenValidity: DEFAULT_REFRESH_SECONDS, status: 1 })}
        toFormValues={clientFormValues}
        fromFormValues={clientBody}
        onSaved={({ data }, mode) => {
          if (mode === 'add' && data?.clientSecret) setIssued({ clientId: data.clientId, secret: data.clientSecret });
        }}
      />
      <SecretModal issued={issued} onClose={() => setIssued(null)} />
    </>
  );
}
