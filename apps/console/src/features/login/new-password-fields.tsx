import { LockOutlined } from '@ant-design/icons';
import { checkPassword, type TPasswordContext } from '@sello/contracts/password-policy';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordPolicyHint } from '../../components/password/password-policy-hint.tsx';
import { fieldStatus, LoginField } from './login-field.tsx';

export type TNewPassword = { newpassword: string; confirm: string };
export type TNewPasswordErrors = Partial<Record<keyof TNewPassword, string>>;

/** What is wrong with the new password and its repetition, as error keys. */
export function newPasswordErrors(value: TNewPassword, context: TPasswordContext): TNewPasswordErrors {
  const errors: TNewPasswordErrors = {};
  if (value.newpassword === '') errors.newpassword = 'ERR_FIELD_REQUIRED';
  else {
    const problem = checkPassword(value.newpassword, context);
    if (problem) errors.newpassword = problem;
  }
  if (value.confirm === '') errors.confirm = 'ERR_FIELD_REQUIRED';
  else if (value.confirm !== value.newpassword) errors.confirm = 'ERR_PWD_MISMATCH';
  return errors;
}

/** The new password twice, the policy shown as the user types, and what is wrong next to each field. */
export function NewPasswordFields({
  value,
  onChange,
  errors,
  context,
}: {
  value: TNewPassword;
  onChange: (next: TNewPassword) => void;
  /** Messages already translated, for the fields the user has touched (or all after a submit). */
  errors: TNewPasswordErrors;
  context: TPasswordContext;
}) {
  const { t } = useTranslation();
  return (
    <>
      <LoginField id="newpassword" label={t('PWD_NEW')} error={errors.newpassword}>
        <Input.Password
          id="newpassword"
          value={value.newpassword}
          onChange={(event) => onChange({ ...value, newpassword: event.target.value })}
          prefix={<LockOutlined />}
          autoComplete="new-password"
          autoFocus
          data-testid="new-password"
          {...fieldStatus('newpassword', errors.newpassword)}
        />
      </LoginField>
      <PasswordPolicyHint password={value.newpassword} context={context} />
      <LoginField id="confirm" label={t('PWD_CONFIRM')} error={errors.confirm}>
        <Input.Password
          id="confirm"
          value={value.confirm}
          onChange={(event) => onChange({ ...value, confirm: event.target.value })}
          prefix={<LockOutlined />}
          autoComplete="new-password"
          data-testid="confirm-password"
          {...fieldStatus('confirm', errors.confirm)}
        />
      </LoginField>
    </>
  );
}
