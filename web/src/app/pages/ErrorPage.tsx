import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { goToSignOn, resetLoopGuard } from '../session/signOn';

const TEXT = {
  404: '抱歉，您访问的页面不存在',
  403: '抱歉，您无权访问该页面',
  500: '抱歉，服务器出错了',
} as const;

/** /404, /403, /500 (specification §2), outside the shell: the page is its own <main>. /500?reason=signon follows a sign-on loop that was stopped. */
export default function ErrorPage({ status }: { status: 404 | 403 | 500 }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  if (status === 500 && params.get('reason') === 'signon') {
    return (
      <main>
        <Result
          status="500"
          title="登录未成功"
          subTitle="多次登录均未成功，请稍后重试或联系管理员"
          extra={
            <Button
              type="primary"
              onClick={() => {
                resetLoopGuard();
                goToSignOn();
              }}
            >
              重新登录
            </Button>
          }
        />
      </main>
    );
  }
  return (
    <main>
      <Result
        status={status}
        title={status}
        subTitle={TEXT[status]}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            返回首页
          </Button>
        }
      />
    </main>
  );
}
