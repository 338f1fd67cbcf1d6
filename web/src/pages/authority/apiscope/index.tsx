import { ScopeScreen } from '../scope/ScopeScreen';

/** 接口权限 at the admin menu path /authority/apiscope (menu code api_scope). */
export default function ApiScopePage() {
  return <ScopeScreen kind="api" />;
}
