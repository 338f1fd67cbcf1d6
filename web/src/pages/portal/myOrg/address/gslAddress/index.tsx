import { Tabs } from 'antd';
import { useCan } from '../../../../../components/Access';
import { AddressBookTable } from '../AddressBookTable';
import { AddressPage, RequireCode } from '../AddressPage';

const BASE = '/portal/myOrg/gslAddress';

/**
 * 工商联通讯录 (/portal/myOrg/gslAddress): 本会 — the federation's own staff in the book, ordered, with
 * 新增 / 修改 / 移出通讯录 for 维护 (myorg_gsl_address_edit); 下级工商联 — the staff of the federations
 * directly below, by org. 导出 (myorg_gsl_address_export) downloads either as xlsx.
 */
export default function GslAddressPage() {
  const can = useCan();
  const editable = can('myorg_gsl_address_edit');
  const exportable = can('myorg_gsl_address_export');
  return (
    <AddressPage title="工商联通讯录" note="本会及直接下级工商联工作人员的联系方式。" testId="gsl-address">
      <RequireCode code="myorg_gsl_address" what="查看工商联通讯录">
        <Tabs
          items={[
            {
              key: 'own',
              label: '本会',
              children: (
                <AddressBookTable
                  kind="aoc"
                  family="aoc"
                  query={{}}
                  editable={editable}
                  exportable={exportable}
                  orderable
                  addPath={`${BASE}/addAcount`}
                  updatePath={`${BASE}/updateAcount`}
                  testId="gsl-book"
                  label="本会通讯录"
                />
              ),
            },
            {
              key: 'next',
              label: '下级工商联',
              children: (
                <AddressBookTable
                  kind="aocNext"
                  family="aoc"
                  query={{}}
                  editable={false}
                  exportable={exportable}
                  orderable={false}
                  showOrg
                  testId="gsl-next-book"
                  label="下级工商联通讯录"
                />
              ),
            },
          ]}
        />
      </RequireCode>
    </AddressPage>
  );
}
