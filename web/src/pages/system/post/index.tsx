import type { PostSubmit, PostView } from '@gsl/contract';
import { postApi } from '../../../api/system/post';
import { CrudTable } from '../../../components/crud/CrudTable';
import { crudPermissions } from '../../../components/crud/crudLogic';
import { POST_COLUMNS, POST_FIELDS, POST_SEARCH } from './fields';

/**
 * 岗位管理 at /system/post (menu post): the tenant's posts and the platform's default ones, searchable
 * by type, code and name; 新增 / 查看 / 编辑 / 删除 and bulk 删除 behind their permission codes. The
 * server refuses a code already used (岗位编号已存在), a post still held by users, and changes to the
 * platform's default posts by anyone but the super administrator; its message is shown as it says it.
 */
export default function PostPage() {
  return (
    <CrudTable<PostView, PostSubmit>
      testId="post"
      api={postApi}
      columns={POST_COLUMNS}
      fields={POST_FIELDS}
      search={POST_SEARCH}
      permissions={crudPermissions('post')}
      addValues={() => ({ sort: 1 })}
    />
  );
}
