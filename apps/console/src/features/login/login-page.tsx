import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { securityApi } from '@sello/contracts/catalogue/security';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ApiCallError, callEndpoint } from '../../api/http-client.ts';
import { adoptAccountLanguage } from '../../app/change-language.ts';
import { landingPathAfterLogin } from '../../app/guarded-route.tsx';
import { session } from '../../session/session-store.ts';
import { useSession } from '../../session/use-session.ts';

type TLoginFields = { login: string; password: string };

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { loggedIn, permissions, superAdmin } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (loggedIn) return <Navigate to={landingPathAfterLogin(permissions, superAdmin)} replace />;

  const submit = async ({ login, password }: TLoginFields) => {
    setBusy(true);
    setError(null);
    try {
      const user = await callEndpoint(
        securityApi.login,
        {
          body: {
            login,
            password,
            browser: navigator.userAgent.slice(0, 500),
            resolution: `${window.screen.width}x${window.screen.height}`,
          },
        },
        { isLogin: true },
      );
      session.start(user);
      await adoptAccountLanguage(user.language);
      navigate(landingPathAfterLogin(user.permissions, user.superAdmin), { replace: true });
    } catch (failure) {
      setError(
        failure instanceof ApiCallError ? (failure.key ?? 'ERR_SYSTEM_NOT_AVAILABLE') : 'ERR_SYSTEM_NOT_AVAILABLE',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login-page">
      <Card className="login-card">
        <Typography.Title level={3}>{t('LOGIN_TITLE')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('LOGIN_SUBTITLE')}</Typography.Paragraph>
        <Form<TLoginFields> layout="vertical" onFinish={submit} requiredMark={false} data-testid="login-form">
          <Form.Item
            name="login"
            label={t('LOGIN_USER')}
            rules={[{ required: true, whitespace: true, message: t('ERR_FIELD_REQUIRED') }]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus data-testid="login-user" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('LOGIN_PASSWORD')}
            rules={[{ required: true, message: t('ERR_FIELD_REQUIRED') }]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
          </Form.Item>
          {error && (
            <Typography.Paragraph type="danger" role="alert" data-testid="login-error" data-key={error}>
              {t(error)}
            </Typography.Paragraph>
          )}
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
            {t('LOGIN_SUBMIT')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
