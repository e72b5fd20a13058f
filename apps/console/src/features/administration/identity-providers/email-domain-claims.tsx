import {
  DOMAIN_ADMIN_MAILBOXES,
  type TEmailDomainClaim,
} from '@sello/contracts/catalogue/administration-identity-providers';
import { Button, Modal, Popconfirm, Select, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../alerts/alert-store.ts';
import { notifyFailure } from '../../../api/http-client.ts';
import { useSession } from '../../../session/use-session.ts';
import { useMailDomainLink, useSetDomainVerified } from './use-identity-providers.ts';

type TMailbox = (typeof DOMAIN_ADMIN_MAILBOXES)[number];

/** Asks for the verification link of a claim, sent to a chosen administrator mailbox of its domain. */
function DomainLinkDialog({ claim, onClose }: { claim: TEmailDomainClaim; onClose: () => void }) {
  const { t } = useTranslation();
  const [mailbox, setMailbox] = useState<TMailbox>('postmaster');
  const mail = useMailDomainLink();
  const send = () =>
    mail.mutateAsync({ claimId: claim.id, mailbox }).then((sent) => {
      notify.success('IDP_DOMAIN_LINK_SENT', { params: { to: sent.to } });
      onClose();
    }, notifyFailure);

  return (
    <Modal
      open
      title={t('IDP_DOMAIN_SEND_LINK_TITLE', { emailDomain: claim.emailDomain })}
      okText={t('IDP_DOMAIN_SEND_LINK')}
      cancelText={t('CANCEL')}
      onOk={() => void send()}
      onCancel={onClose}
      confirmLoading={mail.isPending}
      okButtonProps={{ 'data-testid': 'idp-domain-link-send' } as Record<string, string>}
      destroyOnHidden
    >
      <p>{t('IDP_DOMAIN_SEND_LINK_TEXT')}</p>
      <Select<TMailbox>
        value={mailbox}
        onChange={setMailbox}
        style={{ width: '100%' }}
        aria-label={t('IDP_DOMAIN_MAILBOX')}
        options={DOMAIN_ADMIN_MAILBOXES.map((name) => ({ value: name, label: `${name}@${claim.emailDomain}` }))}
        data-testid="idp-domain-mailbox"
      />
    </Modal>
  );
}

/**
 * The e-mail domains of a provider with their state (docs/decisions/federation.md "Identity providers: verified e-mail
 * domains"): only a verified one routes 'Sign in with your organisation'. Super admins verify or revoke; domain
 * administrators have a link mailed to the domain.
 */
export function EmailDomainClaims({ claims }: { claims: TEmailDomainClaim[] }) {
  const { t, i18n } = useTranslation();
  const { superAdmin, roleKeys } = useSession();
  const setVerified = useSetDomainVerified();
  const [mailing, setMailing] = useState<TEmailDomainClaim | null>(null);
  const mayMail = superAdmin || roleKeys.includes('domainAdmin');
  const change = (claimId: number, verified: boolean) =>
    setVerified
      .mutateAsync({ claimId, verified })
      .then(() => notify.success(verified ? 'IDP_DOMAIN_VERIFIED_OK' : 'IDP_DOMAIN_REVOKED_OK'), notifyFailure);

  return (
    <Space direction="vertical" size={4}>
      {claims.map((claim) => {
        const verified = claim.state === 'verified';
        const how =
          verified && claim.verifiedAt
            ? t(claim.verifiedHow === 'mail' ? 'IDP_DOMAIN_VERIFIED_BY_MAIL' : 'IDP_DOMAIN_VERIFIED_BY_ADMIN', {
                by: claim.verifiedBy ?? '',
                date: new Date(claim.verifiedAt).toLocaleString(i18n.language.slice(0, 2)),
              })
            : t('IDP_DOMAIN_UNVERIFIED_HINT');
        return (
          <Space key={claim.id} size={4} wrap data-testid={`idp-domain-${claim.emailDomain}`}>
            <span>{claim.emailDomain}</span>
            <Tooltip title={how}>
              <Tag color={verified ? 'green' : 'orange'} data-testid="idp-domain-state" data-state={claim.state}>
                {t(verified ? 'IDP_DOMAIN_VERIFIED' : 'IDP_DOMAIN_UNVERIFIED')}
              </Tag>
            </Tooltip>
            {!verified && mayMail && (
              <Button size="small" onClick={() => setMailing(claim)} data-testid="idp-domain-mail">
                {t('IDP_DOMAIN_SEND_LINK')}
              </Button>
            )}
            {superAdmin && !verified && (
              <Button
                size="small"
                type="primary"
                onClick={() => void change(claim.id, true)}
                data-testid="idp-domain-verify"
              >
                {t('IDP_DOMAIN_VERIFY')}
              </Button>
            )}
            {superAdmin && verified && (
              <Popconfirm
                title={t('IDP_DOMAIN_REVOKE_CONFIRM')}
                okText={t('YES')}
                cancelText={t('NO')}
                onConfirm={() => change(claim.id, false)}
              >
                <Button size="small" danger data-testid="idp-domain-revoke">
                  {t('IDP_DOMAIN_REVOKE')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      })}
      {mailing && <DomainLinkDialog claim={mailing} onClose={() => setMailing(null)} />}
    </Space>
  );
}
