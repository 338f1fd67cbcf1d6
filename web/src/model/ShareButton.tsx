import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Select, Skeleton, Space, Tag } from 'antd';
import { ShareAltOutlined } from '@ant-design/icons';
import { SHARE_DAYS_DEFAULT, SHARE_DAYS_MAX, type ResumeKind } from '@gsl/contract';
import { copyText } from '../components/copyText';
import { failureText } from './api';
import { createShare, revokeShare, useShareList, type ShareCreated } from './shareApi';
import './share.css';

const DAY_CHOICES = [1, 3, SHARE_DAYS_DEFAULT, 14, SHARE_DAYS_MAX].map((d) => ({ value: d, label: `${d}天` }));

/**
 * 分享 of a published résumé (README deviation 65): makes a read-only link anyone can open without an
 * account, shows it with 复制链接 and its expiry, and lists the résumé's links with 撤销.
 */
export function ShareButton({ kind, id }: { kind: ResumeKind; id: string }) {
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState(SHARE_DAYS_DEFAULT);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<ShareCreated | null>(null);
  const [note, setNote] = useState<{ type: 'success' | 'error'; text: string } | null>(null);
  const list = useShareList(kind, id, open);
  const client = useQueryClient();
  const daysId = useId();
  const linkId = useId();
  const refresh = () => client.invalidateQueries({ queryKey: ['model', 'share-list', kind, id] });

  const create = async () => {
    setBusy(true);
    setNote(null);
    try {
      setMade(await createShare(kind, id, days));
      void refresh();
    } catch (e) {
      setNote({ type: 'error', text: failureText(e) });
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!made) return;
    const ok = await copyText(made.url);
    setNote(ok ? { type: 'success', text: '链接已复制' } : { type: 'error', text: '复制失败,请手动选择链接复制' });
  };
  const revoke = async (shareId: string) => {
    setNote(null);
    try {
      setNote({ type: 'success', text: await revokeShare(shareId) });
      if (made?.id === shareId) setMade(null);
      void refresh();
    } catch (e) {
      setNote({ type: 'error', text: failureText(e) });
    }
  };

  return (
    <>
      <Button icon={<ShareAltOutlined />} onClick={() => setOpen(true)} data-testid="resume-share">
        分享
      </Button>
      <Modal title="分享简历" open={open} onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
        <p>生成只读链接,对方无需登录即可查看已发布的简历;页面带有「分享自」水印,可随时撤销。</p>
        <Space wrap>
          <label htmlFor={daysId}>有效期</label>
          <Select id={daysId} value={days} onChange={setDays} options={DAY_CHOICES} style={{ width: 100 }} />
          <Button type="primary" loading={busy} onClick={() => void create()}>
            生成链接
          </Button>
        </Space>
        {made && (
          <div className="share-made" style={{ marginTop: 12 }}>
            <label htmlFor={linkId}>分享链接</label>
            <div className="share-link-row">
              <Input id={linkId} readOnly value={made.url} data-testid="share-url" onFocus={(e) => e.target.select()} />
              <Button onClick={() => void copy()}>复制链接</Button>
            </div>
            <p className="share-expiry">有效期至 {made.expireTime}</p>
          </div>
        )}
        {note && <Alert style={{ marginTop: 12 }} type={note.type} showIcon message={note.text} role={note.type === 'error' ? 'alert' : 'status'} />}
        <h3 style={{ marginTop: 16, fontSize: 14 }}>已生成的链接</h3>
        {list.isPending ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : list.isError ? (
          <Alert type="error" showIcon message="链接列表加载失败" description={failureText(list.error)} />
        ) : !list.data?.length ? (
          <p className="share-expiry">暂无分享链接</p>
        ) : (
          <ul className="share-list" aria-label="已生成的分享链接">
            {list.data.map((s) => (
              <li key={s.id} data-testid="share-item">
                <span>
                  {s.createTime} 生成 · 有效期至 {s.expireTime} · 查看 {s.views} 次{' '}
                  {s.active ? <Tag color="green">有效</Tag> : <Tag>{s.revokedTime ? '已撤销' : '已过期'}</Tag>}
                </span>
                {s.active && (
                  <Button size="small" danger onClick={() => void revoke(s.id)} aria-label={`撤销 ${s.createTime} 生成的链接`}>
                    撤销
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </Modal>
    </>
  );
}
