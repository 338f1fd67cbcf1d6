import { useEffect, useState } from 'react';
import { Badge, Card, Space, Typography } from 'antd';
import { FormOutlined, FileAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { NO_SHOW_BOX } from '@gsl/contract';
import { fillinApi, fillinKeys, usePeriod } from '../../api/fillin';
import { hrefOf } from '../../app/shell/links';
import { useCan } from '../../components/Access';
import { getStore } from '../../utils/storage';
import { FillPeriodDialog } from './FillPeriodDialog';
import './fillin.css';

/**
 * The fill-in entry of My day (specification §4 "Fill-in dialog"), for staff who may fill in: the fill-in
 * image opens the period dialog; the dialog also opens by itself once the period is known to be missing and
 * the session flag NoShowBox is unset. The supplement entry carries a badge until this year's is submitted.
 */
export function FillInEntry() {
  const can = useCan();
  const mayFill = can('fillin_collect');
  const maySupplement = can('fillin_supplement');
  const period = usePeriod(mayFill);
  const filled = useQuery({ queryKey: fillinKeys.isFill, queryFn: ({ signal }) => fillinApi.isFill(signal), enabled: maySupplement });
  const [open, setOpen] = useState(false);
  const [isonce, setIsonce] = useState(false);

  useEffect(() => {
    if (!period.isSuccess || isonce) return;
    setIsonce(true);
    if (period.data === null && !getStore<boolean>(NO_SHOW_BOX)) setOpen(true);
  }, [period.isSuccess, period.data, isonce]);

  if (!mayFill && !maySupplement) return null;
  return (
    <Card className="myday__card" title={<h2 className="myday__h2">信息填报</h2>} data-testid="fillin-entry" size="small">
      <Space orientation="vertical" style={{ width: '100%' }}>
        {mayFill && (
          <button
            type="button"
            className="fillin-entry fillin-entry__art"
            style={{ border: 0, width: '100%', textAlign: 'left' }}
            onClick={() => setOpen(true)}
            data-testid="fillin-image"
          >
            <FormOutlined style={{ fontSize: 28 }} aria-hidden />
            <span>
              <strong>常委、执委及会员代表填报</strong>
              <br />
              <Typography.Text style={{ color: '#e6f0ff' }}>
                {period.data ? `当前:${period.data.periodName} · 换届完成 ${period.data.finishDate}` : '请先填写届别和换届完成年月'}
              </Typography.Text>
            </span>
          </button>
        )}
        {maySupplement && (
          <a href={hrefOf('/subapp/fill-in-aoc')} target="_blank" rel="noreferrer" data-testid="fillin-supplement-entry">
            <Badge dot={filled.data === false} offset={[6, 0]}>
              <FileAddOutlined aria-hidden /> 商会补充信息{filled.data === false ? '(本年度未提交)' : ''}
            </Badge>
          </a>
        )}
      </Space>
      <FillPeriodDialog open={open} period={period.data} onClose={() => setOpen(false)} onSaved={() => setOpen(false)} />
    </Card>
  );
}
