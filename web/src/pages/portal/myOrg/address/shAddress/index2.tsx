import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Select, Spin, Tabs } from 'antd';
import { useDeptInfo } from '../../../../../api/portal/deptInfo';
import { useDeptTree } from '../../../../../api/system/dept';
import { useCan } from '../../../../../components/Access';
import { AddressBookTable } from '../AddressBookTable';
import { AddressPage, RequireCode } from '../AddressPage';
import { FEDERATION, chambersIn } from '../addressLogic';

const BASE = '/portal/myOrg/shAddress';

/**
 * 商会通讯录 (/portal/myOrg/shAddress): a chamber's (or association's) staff in its book. Chamber staff see
 * their own; federation staff choose one of the chambers in their scope, and see the staff of the 外省在苏
 * chambers attached to them on 异地商会. 维护 (myorg_sh_address_edit) orders, adds and removes; 导出 as xlsx.
 */
export default function ShAddressPage() {
  const can = useCan();
  const [params] = useSearchParams();
  const info = useDeptInfo();
  const isFederation = info.data?.deptCategory === FEDERATION;
  const tree = useDeptTree(isFederation);
  const chambers = chambersIn(tree.data ?? []);
  const [picked, setPicked] = useState<string | undefined>(params.get('deptId') ?? undefined);
  const deptId = isFederation ? (picked ?? chambers[0]?.id) : undefined;
  const editable = can('myorg_sh_address_edit');
  const exportable = can('myorg_sh_address_export');

  const own = (
    <AddressBookTable
      key={deptId ?? 'own'}
      kind="coc"
      family="coc"
      query={deptId ? { deptId } : {}}
      editable={editable}
      exportable={exportable}
      orderable
      addPath={`${BASE}/addAcount2`}
      updatePath={`${BASE}/updateAcount2`}
      testId="sh-book"
      label="商会通讯录"
    />
  );

  return (
    <AddressPage
      title="商会通讯录"
      note={isFederation ? '所辖商会、协会工作人员的联系方式。' : '本商会工作人员的联系方式。'}
      testId="sh-address"
      extra={
        isFederation && (
          <Select
            showSearch
            optionFilterProp="label"
            aria-label="选择商会"
            placeholder={tree.isPending ? '加载中' : '请选择商会'}
            style={{ minWidth: 260 }}
            value={deptId}
            onChange={setPicked}
            options={chambers.map((c) => ({ value: c.id, label: c.title }))}
            notFoundContent="暂无商会"
            data-testid="sh-org"
          />
        )
      }
    >
      <RequireCode code="myorg_sh_address" what="查看商会通讯录">
        {info.isPending ? (
          <Spin aria-label="加载中" />
        ) : isFederation ? (
          <Tabs
            items={[
              { key: 'own', label: '商会工作人员', children: deptId ? own : <p className="address-hint">暂无可选的商会</p> },
              {
                key: 'aj',
                label: '异地商会(外省在苏)',
                children: (
                  <AddressBookTable
                    kind="cocAj"
                    family="coc"
                    query={{}}
                    editable={false}
                    exportable={exportable}
                    orderable={false}
                    showOrg
                    testId="sh-aj-book"
                    label="异地商会通讯录"
                  />
                ),
              },
            ]}
          />
        ) : (
          own
        )}
      </RequireCode>
    </AddressPage>
  );
}
