/** What the leadership board's sections share: the menu's buttons, a team, its writes, the add / edit dialog and removal. */
import { useState } from 'react';
import { App } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LEADER_TYPE } from '@gsl/contract';
import { associationKeys, removeLeader, submitLeader, type LeaderView } from '../../api/association';
import { toast } from '../../api/feedback';
import { tellUnhandled } from '../../api/http';
import { confirmAction } from '../../components/crud/confirm';
import { LeaderFormDialog } from './LeaderFormDialog';
import { typeName } from './leaderLogic';

/** The menu's buttons (packages/contract/src/menus.ts); the server checks the same codes. */
export const LEADER_PERMS = {
  add: 'association_leader_add',
  edit: 'association_leader_edit',
  remove: 'association_leader_delete',
  multiplex: 'association_leader_multiplex',
  export: 'association_leader_export',
} as const;

export const SINGLES = [LEADER_TYPE.chairman, LEADER_TYPE.partySecretary, LEADER_TYPE.president];
export const LISTS = [LEADER_TYPE.viceChairman, LEADER_TYPE.vicePresident, LEADER_TYPE.council, LEADER_TYPE.secretariat];

export interface Team {
  deptId: string;
  year: number;
  testId: string;
}

/** The writes of a team; each refetches the org's years and sections (and the lower list) when settled. */
export function useTeamWrites(deptId: string) {
  const client = useQueryClient();
  const onSettled = () =>
    Promise.all([client.invalidateQueries({ queryKey: associationKeys.team(deptId) }), client.invalidateQueries({ queryKey: associationKeys.lower })]);
  const save = useMutation({ mutationFn: ({ type, body }: { type: number; body: Record<string, unknown> }) => submitLeader(type, body), onSettled });
  const remove = useMutation({ mutationFn: ({ type, ids }: { type: number; ids: string[] }) => removeLeader(type, ids), onSettled });
  return { save, remove };
}

/** The add / edit dialog of one section, opened by its card or table. */
export function useLeaderDialog({ deptId, year, testId }: Team, type: number) {
  const { save } = useTeamWrites(deptId);
  const [editing, setEditing] = useState<{ row?: LeaderView; n: number } | null>(null);
  const dialog = editing && (
    <LeaderFormDialog
      key={editing.n}
      type={type}
      deptId={deptId}
      year={year}
      row={editing.row}
      open
      saving={save.isPending}
      onCancel={() => setEditing(null)}
      onSubmit={(body) =>
        save.mutate(
          { type, body },
          {
            onSuccess: (answer) => {
              toast.success(answer.msg);
              setEditing(null);
            },
            onError: tellUnhandled,
          },
        )
      }
      testId={testId}
    />
  );
  return { open: (row?: LeaderView) => setEditing({ row, n: Date.now() }), dialog };
}

export function useRemove(deptId: string, type: number) {
  const { modal } = App.useApp();
  const { remove } = useTeamWrites(deptId);
  return (row: LeaderView, okTestId: string) =>
    confirmAction(modal, {
      content: `确定将${typeName(type)}「${row.name}」删除?`,
      okTestId,
      onOk: () =>
        remove.mutateAsync({ type, ids: [row.id] }).then(
          (answer) => toast.success(answer.msg),
          (error) => {
            tellUnhandled(error);
            throw error;
          },
        ),
    });
}
