import { RoleFormPage } from './RoleForm';
import { RoleList } from './RoleList';

/** The routed pages of 我的组织 › 角色管理 (child/roleManagement: list, add, edit, view), specification §2. */
export const OrgRolesPage = () => <RoleList />;
export const OrgRoleAddPage = () => <RoleFormPage mode="add" />;
export const OrgRoleEditPage = () => <RoleFormPage mode="edit" />;
export const OrgRoleViewPage = () => <RoleFormPage mode="view" />;
