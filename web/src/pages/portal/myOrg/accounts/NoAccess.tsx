import { Result } from 'antd';

/** A screen the user holds no permission for (its menu code): said plainly, nothing else shown. */
export function NoAccess({ title }: { title: string }) {
  return <Result status="403" title="无权访问" subTitle={`您没有「${title}」的访问权限，请联系管理员授权。`} data-testid="org-no-access" />;
}
