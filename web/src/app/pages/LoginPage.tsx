import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@gsl/contract';
import { HttpError } from '../../api/http';
import { toast } from '../../api/feedback';
import { FullPageSpin } from '../../components/FullPageSpin';
import { StatusPanel } from '../../components/StatusPanel';
import { loadAntdLayout } from '../routeChunks';
import { afterLoginPath, exchangeCode } from '../session/login';
import { clearSession } from '../../utils/sessionStore';
import { goToSignOn, signOnFailed } from '../session/signOn';
import { useSession } from '../../utils/useSession';

/**
 * /login (specification §2, §4): with ?code= the code is exchanged for tokens and the user lands on
 * the page asked for before signing on, else /welcome (or / once welcomed in this tab); with a token
 * and no code it goes to /; otherwise the browser goes to sign-on. A login error with code 400
 * returns to sign-on; any other shows its message (or 系统错误) with a way to try again. Coming back
 * without a code or with a refused code feeds the loop guard (signOn.ts).
 */
export default function LoginPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const { token } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!code) {
      if (token) return;
      signOnFailed(); // back from sign-on without a code (only a real return counts)
      goToSignOn();
      return;
    }
    let live = true;
    // Every page after the login is an antd page: its layout's script loads while the code is exchanged,
    // not after (the lazy route then finds it loaded).
    loadAntdLayout().catch(() => undefined);
    exchangeCode(code).then(
      () => live && navigate(afterLoginPath(), { replace: true }),
      (err: unknown) => {
        if (!live) return;
        if (err instanceof HttpError && err.code === 400) {
          clearSession();
          signOnFailed();
          goToSignOn();
          return;
        }
        const text = err instanceof Error && err.message ? err.message : MSG.systemError;
        if (!(err instanceof HttpError && err.handled)) toast.error(text);
        setError(text);
      },
    );
    return () => {
      live = false;
    };
    // the token changes as a result of the exchange; only a new code starts another one
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);

  if (!code && token) return <Navigate to="/" replace />;
  if (error) {
    return (
      <div className="full-page-center">
        <StatusPanel
          testId="login-error"
          title="登录失败"
          detail={error}
          actions={
            <button type="button" className="plain-button plain-button--primary" onClick={() => goToSignOn()}>
              重新登录
            </button>
          }
        />
      </div>
    );
  }
  return <FullPageSpin tip={code ? '正在登录…' : '正在跳转到统一登录…'} />;
}
