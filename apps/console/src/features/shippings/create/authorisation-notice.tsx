import type { TShippingTypeOption } from '@sello/contracts/catalogue/shippings-list';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

type TCandidate = { value: number | string; text: string };

export type TAuthorisationOutlook =
  | { needed: false }
  | { needed: true; by: string[]; deadlineHours: number | undefined };

/**
 * Whether a shipping of the type will wait for authorisation, and by whom: the type's authorisers (users and
 * groups) and the users the sender adds, as the server decides it (a type that requires authorisation, or any
 * authoriser named).
 */
export function authorisationOutlook(
  type: TShippingTypeOption,
  addedIds: readonly number[],
  candidates: readonly TCandidate[],
): TAuthorisationOutlook {
  const named = (type.authorisers ?? []).map((entry) => entry.name);
  const added = addedIds
    .map((id) => candidates.find((candidate) => candidate.value === id)?.text)
    .filter((name): name is string => name !== undefined && !named.includes(name));
  const by = [...named, ...added];
  if (!type.requiresAuth && by.length === 0) return { needed: false };
  return { needed: true, by, deadlineHours: type.authDeadlineHours };
}

/** Said as soon as the type is chosen: will the shipping need authorisation, and by whom. */
export function AuthorisationNotice({
  type,
  addedIds,
  candidates,
}: {
  type: TShippingTypeOption | undefined;
  addedIds: readonly number[];
  candidates: readonly TCandidate[];
}) {
  const { t } = useTranslation();
  if (!type) return null;
  const outlook = authorisationOutlook(type, addedIds, candidates);
  const text = !outlook.needed
    ? t('CREATE_AUTH_NOT_NEEDED')
    : outlook.by.length === 0
      ? t('CREATE_AUTH_NEEDED_NAME_ONE')
      : t('CREATE_AUTH_NEEDED_BY', { names: outlook.by.join(', '), count: outlook.deadlineHours ?? 0 });
  return (
    <Alert
      type={outlook.needed ? 'warning' : 'info'}
      showIcon
      className="create-auth-notice"
      title={text}
      data-testid="create-auth-notice"
      data-needs-auth={outlook.needed ? 'yes' : 'no'}
    />
  );
}
