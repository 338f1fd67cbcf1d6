import { useCallback } from 'react';
import { App } from 'antd';
import { logoutAndLeave } from './logout';

/** Asks 退出系统, 是否确认退出? and logs out on 确定 (specification §4 "Logout asks for confirmation"). */
export function useConfirmLogout(): () => void {
  const { modal } = App.useApp();
  return useCallback(() => {
    modal.confirm({
      title: '提示',
      content: '退出系统, 是否确认退出?',
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { 'data-testid': 'logout-confirm' } as Record<string, string>,
      onOk: () => logoutAndLeave(),
    });
  }, [modal]);
}
