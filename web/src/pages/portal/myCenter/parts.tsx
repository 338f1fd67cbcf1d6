import { Avatar, Button, Input, Space } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { avatarPublicId } from '@gsl/contract';
import { toast } from '../../../api/feedback';
import { HttpError, tellUnhandled } from '../../../api/http';
import { attachDownloadLink } from '../../../api/resource/attach';
import { codeButtonText, useCountdown, waitOf } from './myCenterLogic';

/**
 * A verification code field with its 获取验证码 button: `send` asks for a code (false when the form has
 * not got a number to send to yet); the button then counts the 60 s down before another may be asked for.
 */
export function CodeInput({
  id,
  value,
  onChange,
  send,
  testId,
}: {
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  send: () => Promise<{ resendIn: number } | false>;
  testId: string;
}) {
  const { left, start } = useCountdown();
  const ask = async () => {
    try {
      const sent = await send();
      if (!sent) return;
      toast.success('验证码已发送');
      start(sent.resendIn);
    } catch (err) {
      // Told by the transport; a "too soon" refusal still starts the wait it names.
      const wait = err instanceof HttpError ? waitOf(err.message) : null;
      if (wait) start(wait);
      else tellUnhandled(err);
    }
  };
  return (
    <Space.Compact style={{ width: '100%', maxWidth: 360 }}>
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value.replace(/\D/g, '').slice(0, 6))}
        placeholder="请输入6位验证码"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        data-testid={`${testId}-input`}
      />
      <Button onClick={() => void ask()} disabled={left > 0} data-testid={`${testId}-send`} aria-live="polite">
        {codeButtonText(left)}
      </Button>
    </Space.Compact>
  );
}

/** The user's avatar: a stored upload is shown through a short-lived link (an img carries no token). */
export function AvatarImage({ link, size = 88 }: { link: string | null | undefined; size?: number }) {
  const publicId = link ? avatarPublicId(link) : null;
  const src = useQuery({
    queryKey: ['mycenter', 'avatar', publicId],
    queryFn: () => attachDownloadLink(publicId as string),
    enabled: !!publicId,
    staleTime: 60_000,
  });
  return <Avatar size={size} src={src.data || undefined} icon={<UserOutlined />} alt="头像" data-testid="my-avatar" />;
}
