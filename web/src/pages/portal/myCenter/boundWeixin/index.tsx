import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, QRCode, Space, Spin } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import { WX_EVENT_BOUND, WX_EVENT_UNBOUND, WX_MSG } from '@gsl/contract';
import { toast } from '../../../../api/feedback';
import { tellUnhandled } from '../../../../api/http';
import { useWeixinStatus, weixinCheck, weixinKeys, weixinQrCode, weixinUnbind, type WxQrCodeView } from '../../../../api/mycenter/weixin';
import { LoadError } from '../../../../components/LoadError';
import { useLiveEvent } from '../../../../utils/liveEvents';
import { MyCenterLayout } from '../MyCenterLayout';
import { attemptNotice, CHECK_POLL_MS, isAboutAttempt, keepChecking } from './boundWeixinLogic';
import './boundWeixin.css';

/**
 * One binding attempt: WeChat's QR sign-on page as a QR code and as a link, and where the attempt
 * stands (check/{id}), learnt from the 'wx.bound' live event and, as a fallback, by asking every few
 * seconds while it waits. `onBound` runs once it is bound; `onRestart` asks for a fresh QR code.
 */
function Attempt({
  attempt,
  onBound,
  onRestart,
  onCancel,
  restarting,
}: {
  attempt: WxQrCodeView;
  onBound: () => void;
  onRestart: () => void;
  onCancel: () => void;
  restarting: boolean;
}) {
  const check = useQuery({
    queryKey: weixinKeys.check(attempt.id),
    queryFn: ({ signal }) => weixinCheck(attempt.id, signal),
    refetchInterval: (q) => (keepChecking(q.state.data) ? CHECK_POLL_MS : false),
  });
  useLiveEvent(WX_EVENT_BOUND, (data) => {
    if (isAboutAttempt(data, attempt.id)) void check.refetch();
  });
  const status = check.data?.status ?? 'waiting';
  const boundOnce = useRef(false);
  useEffect(() => {
    if (status === 'bound' && !boundOnce.current) {
      boundOnce.current = true;
      onBound();
    }
  }, [status, onBound]);
  const notice = attemptNotice(check.data);
  const ended = status === 'expired' || status === 'failed';

  return (
    <div className="wx-attempt" data-testid="wx-attempt">
      <div className="wx-attempt__code">
        <QRCode
          value={attempt.url}
          type="svg"
          size={200}
          status={status === 'expired' ? 'expired' : 'active'}
          onRefresh={onRestart}
          role="img"
          aria-label="微信扫码页面的二维码"
          data-testid="wx-qrcode"
        />
        <a href={attempt.url} target="_blank" rel="noopener noreferrer" data-testid="wx-open-link">
          <WechatOutlined aria-hidden /> 打开微信扫码页面
        </a>
        <span className="wx-attempt__expire">有效期至 {attempt.expireTime}</span>
      </div>
      <div className="wx-attempt__side">
        {/* Announced as it changes (等待扫码 → 已绑定 / 已过期 / the reason). */}
        <div aria-live="polite">
          <Alert type={notice.type} showIcon message={notice.title} description={notice.text} data-testid="wx-attempt-status" />
        </div>
        {check.isError && !check.data && <LoadError variant="banner" message="绑定进度加载失败" onRetry={check.refetch} />}
        <Space className="wx-attempt__actions">
          <Button type={ended ? 'primary' : 'default'} onClick={onRestart} loading={restarting} data-testid="wx-restart">
            重新获取二维码
          </Button>
          <Button onClick={onCancel} data-testid="wx-cancel">
            取消
          </Button>
        </Space>
      </div>
    </div>
  );
}

/**
 * 绑定微信 (/portal/myCenter/boundWeixin, specification §2; §7 "Users" user-wx): the WeChat account bound
 * now (nickname, the account masked, when) with 解除绑定 after a confirmation; or, with none, 绑定微信,
 * which shows WeChat's QR sign-on page for this account until the scan binds it. Without WeChat
 * configured on the server, the page says 微信登录未配置.
 */
export default function BoundWeixinPage() {
  const client = useQueryClient();
  const { modal } = App.useApp();
  const status = useWeixinStatus();
  const [attempt, setAttempt] = useState<WxQrCodeView | null>(null);
  const [starting, setStarting] = useState(false);

  // Another tab or device unbound: show it.
  useLiveEvent(WX_EVENT_UNBOUND, () => void client.invalidateQueries({ queryKey: weixinKeys.status }));

  const start = async () => {
    setStarting(true);
    try {
      setAttempt(await weixinQrCode());
    } catch (err) {
      tellUnhandled(err); // 微信登录未配置, 当前账号已绑定微信 … told by the transport
      void status.refetch();
    } finally {
      setStarting(false);
    }
  };

  const bound = () => {
    toast.success(WX_MSG.bindOk);
    setAttempt(null);
    void client.invalidateQueries({ queryKey: weixinKeys.status });
  };

  const unbind = () =>
    modal.confirm({
      title: '解除微信绑定',
      content: '确定解除微信绑定?解除后将不能再用该微信扫码登录。',
      okText: '解除绑定',
      okButtonProps: { danger: true, ...({ 'data-testid': 'wx-unbind-confirm' } as Record<string, string>) },
      cancelText: '取消',
      onOk: () =>
        weixinUnbind().then((msg) => {
          toast.success(msg || WX_MSG.unbindOk);
          return client.invalidateQueries({ queryKey: weixinKeys.status });
        }, tellUnhandled),
    });

  const s = status.data;
  return (
    <MyCenterLayout title="绑定微信">
      {status.isPending ? (
        <div className="my-center__state">
          <Spin />
        </div>
      ) : status.isError || !s ? (
        <LoadError message="微信绑定情况加载失败" onRetry={status.refetch} testId="wx-error" />
      ) : s.bound ? (
        <>
          <Descriptions
            column={1}
            bordered
            size="middle"
            style={{ maxWidth: 560 }}
            styles={{ label: { width: 140 } }}
            data-testid="wx-bound"
            items={[
              { key: 'nickname', label: '微信昵称', children: <span data-testid="wx-nickname">{s.nickname || '-'}</span> },
              { key: 'openid', label: '微信账号', children: s.openid ?? '-' },
              { key: 'time', label: '绑定时间', children: s.bindTime ?? '-' },
              {
                key: 'unbind',
                label: '操作',
                children: (
                  <Button danger onClick={unbind} data-testid="wx-unbind">
                    解除绑定
                  </Button>
                ),
              },
            ]}
          />
          {!s.configured && <Alert className="wx-note" type="warning" showIcon message={WX_MSG.notConfigured} description="暂不能使用微信扫码登录。" />}
        </>
      ) : !s.configured ? (
        <Alert
          type="warning"
          showIcon
          message={WX_MSG.notConfigured}
          description="系统尚未接入微信开放平台,暂不能绑定微信。如需使用,请联系系统管理员。"
          data-testid="wx-not-configured"
        />
      ) : attempt ? (
        <Attempt attempt={attempt} onBound={bound} onRestart={() => void start()} onCancel={() => setAttempt(null)} restarting={starting} />
      ) : (
        <>
          <p className="my-center__note" data-testid="wx-unbound">
            您尚未绑定微信。绑定后可在统一身份认证页面使用微信扫码登录。
          </p>
          <Button type="primary" icon={<WechatOutlined />} onClick={() => void start()} loading={starting} data-testid="wx-start">
            绑定微信
          </Button>
        </>
      )}
    </MyCenterLayout>
  );
}
