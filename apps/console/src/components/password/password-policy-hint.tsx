import { CheckCircleFilled, CloseCircleFilled, InfoCircleOutlined } from '@ant-design/icons';
import {
  guessReasonOf,
  listPasswordProblems,
  PASSWORD_POLICY,
  type TPasswordContext,
  type TPasswordProblem,
} from '@sello/contracts/password-policy';
import { useTranslation } from 'react-i18next';

type TRule = { label: string; problems: TPasswordProblem[]; why?: string | null };

/**
 * The password policy (password-policy.ts) as a list the user sees while typing: each rule turns green
 * when met, red when broken. The history rule is only the server's to check, so it is shown as a note.
 */
export function PasswordPolicyHint({ password, context }: { password: string; context: TPasswordContext }) {
  const { t } = useTranslation();
  const problems = new Set(listPasswordProblems(password, context));
  const guessed = problems.has('ERR_PWD_GUESSABLE') ? guessReasonOf(password, context) : null;
  const rules: TRule[] = [
    {
      label: t('PWD_RULE_LENGTH', {
        min: Math.max(context.minLength, PASSWORD_POLICY.lowestMinLength),
        max: PASSWORD_POLICY.maxLength,
      }),
      problems: ['ERR_PWD_TOO_SHORT', 'ERR_PWD_TOO_LONG'],
    },
    { label: t('PWD_RULE_PRINTABLE'), problems: ['ERR_PWD_NOT_PRINTABLE'] },
    { label: t('PWD_RULE_COMMON'), problems: ['ERR_PWD_COMMON'] },
    ...(context.guess ? [{ label: t('PWD_RULE_GUESS'), problems: ['ERR_PWD_GUESSABLE'], why: guessed } as TRule] : []),
    { label: t('PWD_RULE_PERSONAL'), problems: ['ERR_PWD_CONTAINS_LOGIN', 'ERR_PWD_CONTAINS_EMAIL'] },
  ];
  return (
    <ul className="password-policy" aria-live="polite" data-testid="password-policy">
      {rules.map((rule) => {
        const broken = password !== '' && rule.problems.some((problem) => problems.has(problem));
        const met = password !== '' && !broken;
        return (
          <li key={rule.label} data-state={broken ? 'broken' : met ? 'met' : 'idle'}>
            {broken ? (
              <CloseCircleFilled className="password-rule-broken" />
            ) : (
              <CheckCircleFilled className={met ? 'password-rule-met' : 'password-rule-idle'} />
            )}{' '}
            {rule.label}
            {broken && rule.why ? <span data-testid="password-guess-reason">: {t(rule.why)}</span> : null}
          </li>
        );
      })}
      <li data-state="note">
        <InfoCircleOutlined className="password-rule-idle" />{' '}
        {t('PWD_RULE_HISTORY', { count: PASSWORD_POLICY.historySize })}
      </li>
    </ul>
  );
}
