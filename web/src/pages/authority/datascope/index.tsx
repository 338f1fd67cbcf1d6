import { ScopeScreen } from '../scope/ScopeScreen';

/** 数据权限 at the admin menu path /authority/datascope (menu code data_scope). */
export default function DataScopePage() {
  return <ScopeScreen kind="data" />;
}
