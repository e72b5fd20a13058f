import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { TIdentityProvider } from '@sello/contracts/catalogue/administration-identity-providers';
import { Button, Card, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../alerts/alert-store.ts';
import { notifyFailure } from '../../../api/http-client.ts';
import { useAdminDomain } from '../shared/use-admin-domain.ts';
import { EmailDomainClaims } from './email-domain-claims.tsx';
import { IdentityProviderForm } from './identity-provider-form.tsx';
import { useDeleteIdentityProvider, useIdentityProviders } from './use-identity-providers.ts';

/**
 * The identity providers of the domain (docs/decisions/federation.md "Identity providers"): a tab of their own,
 * which needs the same permissions; created and edited in a dialog.
 */
export function IdentityProvidersSection() {
  const { t } = useTranslation();
  const { chosenDomainId } = useAdminDomain();
  const providers = useIdentityProviders(chosenDomainId);
  const remove = useDeleteIdentityProvider();
  const [editing, setEditing] = useState<TIdentityProvider | 'new' | null>(null);

  return (
    <Card
      title={t('IDP_TITLE')}
      className="page-card"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="idp-new">
          {t('IDP_NEW')}
        </Button>
      }
      data-testid="identity-providers"
    >
      <Table<TIdentityProvider>
        rowKey="id"
        size="small"
        pagination={false}
        loading={providers.isLoading}
        dataSource={providers.data?.rows ?? []}
        columns={[
          { key: 'name', title: t('CERT_NAME'), dataIndex: 'name' },
          {
            key: 'kind',
            title: t('IDP_KIND'),
            render: (_, row) => (row.kind === 'oidc' ? 'OpenID Connect' : 'SAML 2.0'),
          },
          {
            key: 'emailDomains',
            title: t('IDP_EMAIL_DOMAINS'),
            render: (_, row) => <EmailDomainClaims claims={row.emailDomainClaims} />,
          },
          {
            key: 'active',
            title: t('ADMIN_ACTIVE'),
            render: (_, row) => (row.active ? <Tag color="green">{t('YES')}</Tag> : <Tag>{t('NO')}</Tag>),
          },
          {
            key: 'actions',
            title: '',
            render: (_, row) => (
              <Space>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('IDP_EDIT')}
                  onClick={() => setEditing(row)}
                  data-testid={`idp-edit-${row.id}`}
                />
                <Popconfirm
                  title={t('IDP_DELETE_CONFIRM')}
                  okText={t('YES')}
                  cancelText={t('NO')}
                  onConfirm={() =>
                    remove.mutateAsync(row.id).then(() => notify.success('ADMIN_DELETED_OK'), notifyFailure)
                  }
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('DELETE')} />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <IdentityProviderForm
          provider={editing === 'new' ? null : editing}
          domainid={chosenDomainId}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
