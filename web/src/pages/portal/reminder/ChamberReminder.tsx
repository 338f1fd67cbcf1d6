import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Modal } from 'antd';
import { REMINDER_MSG } from '@gsl/contract';
import { useDeptInfo } from '../../../api/portal/deptInfo';
import { dismissReminder, reminderKeys, useIncompleteCount, useReminderStatus } from '../../../api/portal/reminder';

/** Closed once in this browser session: it comes back at the next sign-on unless 不再提醒 was ticked. */
const SESSION_KEY = 'gsl-chamber-reminder-closed';

/** Where 去完善 leads: a chamber completes its own information, a federation opens the org profiles. */
export const fixPathOf = (deptCategory: number | null | undefined) =>
  deptCategory === 2 || deptCategory === 3 ? '/portal/myOrg/guidance' : '/portal/database/orgprofile';

/**
 * The chamber-information reminder dialog (specification §4): shown while the server says the user has not
 * dismissed it and the report says chambers of their scope have information to complete. Ticking 不再提醒 and
 * then closing or clicking through (去完善) records the dismissal.
 */
export default function ChamberReminder() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [closed, setClosed] = useState(() => sessionStorage.getItem(SESSION_KEY) === '1');
  const [noMore, setNoMore] = useState(false);
  const status = useReminderStatus(!closed);
  const count = useIncompleteCount(closed ? undefined : status.data);
  const dept = useDeptInfo();
  const num = count.data ?? 0;
  const open = !closed && status.data?.viewStatus === 0 && num > 0;

  const finish = async (then?: () => void) => {
    sessionStorage.setItem(SESSION_KEY, '1');
    setClosed(true);
    if (noMore) {
      try {
        await dismissReminder();
      } finally {
        void client.invalidateQueries({ queryKey: reminderKeys.status });
      }
    }
    then?.();
  };

  return (
    <Modal
      open={open}
      title={REMINDER_MSG.title}
      width={580}
      onCancel={() => void finish()}
      data-testid="chamber-reminder"
      footer={
        <div className="chamber-reminder__footer" style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Checkbox checked={noMore} onChange={(e) => setNoMore(e.target.checked)} data-testid="chamber-reminder-nomore">
            {REMINDER_MSG.noMore}
          </Checkbox>
          <span style={{ display: 'inline-flex', gap: 8 }}>
            <Button onClick={() => void finish()}>{REMINDER_MSG.close}</Button>
            <Button type="primary" onClick={() => void finish(() => navigate(fixPathOf(dept.data?.deptCategory)))}>
              {REMINDER_MSG.goFix}
            </Button>
          </span>
        </div>
      }
    >
      <p role="status">{REMINDER_MSG.body(num)}</p>
    </Modal>
  );
}
