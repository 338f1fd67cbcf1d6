import type { ReactNode } from 'react';
import type { ModalFuncProps } from 'antd';
import { toast } from '../../api/feedback';
import { selectionGuard } from './crudLogic';

/** The `modal` of antd's App.useApp() (themed, inside the app's providers). */
interface ModalApi {
  confirm: (props: ModalFuncProps) => unknown;
}

/** 提示 with 确定 / 取消 before an action that cannot be taken back (删除, 禁用, 提交 …); `onOk` runs on 确定. */
export function confirmAction(modal: ModalApi, { content, okTestId, onOk }: { content: ReactNode; okTestId?: string; onOk: () => unknown }): void {
  modal.confirm({
    title: '提示',
    content,
    okText: '确定',
    cancelText: '取消',
    okButtonProps: okTestId ? ({ 'data-testid': okTestId } as Record<string, string>) : undefined,
    onOk,
  });
}

/** Runs a toolbar action on the selected rows, or says 请选择至少一条数据 when none is selected. */
export function withSelection<T>(selected: readonly T[], action: (selected: T[]) => void): void {
  const problem = selectionGuard(selected);
  if (problem) {
    toast.warning(problem);
    return;
  }
  action([...selected]);
}
