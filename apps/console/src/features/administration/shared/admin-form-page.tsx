import { ArrowLeftOutlined } from '@ant-design/icons';
import type { AdminKind } from '@sello/contracts/routes';
import { Button, Card, Space, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { adminKindLabelKey, adminListPath } from './admin-paths.ts';
import { useAdminDomain } from './use-admin-domain.ts';

/** The record id of an edit route (`.../edit/{id}/{domainId}`); undefined on a create route. */
export function useRecordId(): number | undefined {
  const { id } = useParams();
  return id !== undefined && /^[1-9]\d{0,14}$/.test(id) ? Number(id) : undefined;
}

/**
 * Back to the kind's list, in the domain the super admin was looking at, on the page, order and
 * filters the list had when the form was opened from it.
 */
export function useBackToList(kind: AdminKind): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const { chosenDomainId } = useAdminDomain();
  const listSearch = (location.state as { listSearch?: unknown } | null)?.listSearch;
  const search = typeof listSearch === 'string' && listSearch.startsWith('?') ? listSearch : '';
  return () => navigate(adminListPath(kind, kind === 'domains' ? undefined : chosenDomainId) + search);
}

/** The frame of a create or edit screen: title, back button, the form card and more cards below. */
export function AdminFormPage({
  kind,
  editing,
  loading = false,
  children,
  extra,
}: {
  kind: AdminKind;
  editing: boolean;
  loading?: boolean;
  children: ReactNode;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const back = useBackToList(kind);
  const kindLabel = t(adminKindLabelKey(kind));
  return (
    <div className={`page admin-form-page admin-form-${kind}`}>
      <Space align="center" className="admin-form-heading">
        <Button icon={<ArrowLeftOutlined />} onClick={back} aria-label={t('BACK')} data-testid="form-back" />
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t(editing ? 'ADMIN_EDIT_TITLE' : 'ADMIN_CREATE_TITLE', { kind: kindLabel })}
        </Typography.Title>
      </Space>
      {loading ? (
        <Spin className="route-spinner" />
      ) : (
        <>
          <Card className="page-card admin-form-card">{children}</Card>
          {extra}
        </>
      )}
    </div>
  );
}

/** Save and cancel. */
export function FormButtons({ saving, kind }: { saving: boolean; kind: AdminKind }) {
  const { t } = useTranslation();
  const back = useBackToList(kind);
  return (
    <Space className="admin-form-buttons">
      <Button type="primary" htmlType="submit" loading={saving} data-testid="form-save">
        {t('SAVE')}
      </Button>
      <Button onClick={back} data-testid="form-cancel">
        {t('CANCEL')}
      </Button>
    </Space>
  );
}
