import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../http', () => ({ get: vi.fn(), request: vi.fn() }));
const { get } = await import('../http');
const { deptApi } = await import('./dept');
const { postApi } = await import('./post');
const { roleApi } = await import('./role');
const { useScopeDeptTree } = await import('./scope');
const { useDeptTree, usePostOptions, useRoleTree } = await import('./user');

/** The server: each select answers what `data[path]` holds now. */
function server(data: Record<string, unknown[]>) {
  vi.mocked(get).mockImplementation(async (url: string) => data[url] as never);
}

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Wrap = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, Wrap };
}

const node = (id: string, title: string) => ({ id, parentId: '0', title, key: id, value: id, hasChildren: false, children: [] });

describe('用户管理 and 数据权限 selects follow the writes of 机构管理, 角色管理 and 岗位管理', () => {
  it('a dept, role or post saved on its own screen is offered at once (the write refreshes the select)', async () => {
    const data: Record<string, unknown[]> = {
      '/api/blade-system/dept/dept-tree': [node('1', '江苏省工商联')],
      '/api/blade-system/role/tree': [{ ...node('10', '管理员'), roleName: '管理员' }],
      '/api/blade-system/post/select': [{ id: '20', postName: '会长' }],
    };
    server(data);
    const { client, Wrap } = wrapper();
    const { result } = renderHook(() => ({ depts: useDeptTree(), roles: useRoleTree(), posts: usePostOptions(), scopeDepts: useScopeDeptTree(true) }), {
      wrapper: Wrap,
    });
    await waitFor(() => expect(result.current.posts.data).toHaveLength(1));
    await waitFor(() => expect(result.current.depts.data).toHaveLength(1));
    expect(result.current.roles.data).toHaveLength(1);

    data['/api/blade-system/dept/dept-tree'] = [node('1', '江苏省工商联'), node('2', '南京市工商联')];
    data['/api/blade-system/role/tree'] = [
      { ...node('10', '管理员'), roleName: '管理员' },
      { ...node('11', '会员'), roleName: '会员' },
    ];
    data['/api/blade-system/post/select'] = [
      { id: '20', postName: '会长' },
      { id: '21', postName: '秘书长' },
    ];
    // What each screen's save or delete does: refresh everything under its entity's key.
    await act(async () => {
      await client.invalidateQueries({ queryKey: deptApi.queryKey });
      await client.invalidateQueries({ queryKey: roleApi.queryKey });
      await client.invalidateQueries({ queryKey: postApi.queryKey });
    });

    await waitFor(() => expect(result.current.depts.data?.map((d) => d.title)).toEqual(['江苏省工商联', '南京市工商联']));
    expect(result.current.scopeDepts.data?.map((d) => d.title)).toEqual(['江苏省工商联', '南京市工商联']);
    expect(result.current.roles.data?.map((r) => r.title)).toEqual(['管理员', '会员']);
    expect(result.current.posts.data?.map((p) => p.postName)).toEqual(['会长', '秘书长']);
  });
});
