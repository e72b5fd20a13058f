import { AUTHORISATIONS_VIEW, PATHS } from '@sello/contracts/routes';
import { Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../session/use-session.ts';
import type { TShippingScope } from './shipping-list-filters.ts';

/** The list's title, and the views (own, all, authorisations) the user may switch between. */
export function ShippingListHeader({ scope, authView }: { scope: TShippingScope; authView: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { permissions } = useSession();
  const title = authView
    ? t('SHIPPINGS_AUTH_TITLE')
    : scope === 'all'
      ? t('SHIPPINGS_ALL_TITLE')
      : t('SHIPPINGS_OWN_TITLE');
  const views = [
    ...(permissions.shippingList
      ? [
          { value: 'own', label: t('SHIPPINGS_VIEW_OWN') },
          { value: 'all', label: t('SHIPPINGS_VIEW_ALL') },
        ]
      : []),
    ...(permissions.shippingListOnlyAuth ? [{ value: 'auth', label: t('SHIPPINGS_VIEW_AUTH') }] : []),
  ];

  return (
    <div className="shippings-list-header">
      <Typography.Title level={2}>{title}</Typography.Title>
      {views.length > 1 && (
        <Segmented
          value={authView ? 'auth' : scope}
          options={views}
          onChange={(value) =>
            navigate(
              value === 'auth'
                ? `${PATHS.shippings}?${AUTHORISATIONS_VIEW}`
                : value === 'all'
                  ? PATHS.shippingsAll
                  : PATHS.shippings,
            )
          }
          data-testid="shippings-view"
        />
      )}
    </div>
  );
}
