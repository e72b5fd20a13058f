import type { TCertificateStatus } from '@sello/contracts/catalogue/administration-common';
import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CertificateStatusBadge, formatDateTime } from '../../../components/badges/badges.tsx';

export type TCertificateFacts = {
  subject: string;
  issuer: string;
  serialNumber: string;
  validFrom: string;
  validTo: string;
  status: TCertificateStatus;
  keyUsage: readonly string[];
  extendedKeyUsage: readonly string[];
  keyAlgorithm: string;
  fingerprintSha256: string;
};

/** What was read from an X.509 certificate: subject, issuer, serial, validity with its badge, usages. */
export function CertificateFacts({ certificate }: { certificate: TCertificateFacts }) {
  const { t } = useTranslation();
  return (
    <Descriptions bordered size="small" column={1} data-testid="certificate-facts">
      <Descriptions.Item label={t('CERT_SUBJECT')}>
        <span data-testid="cert-subject">{certificate.subject}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('CERT_ISSUER')}>
        <span data-testid="cert-issuer">{certificate.issuer}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('CERT_SERIAL')}>
        <code data-testid="cert-serial">{certificate.serialNumber}</code>
      </Descriptions.Item>
      <Descriptions.Item label={t('CERT_VALIDITY')}>
        <span data-testid="cert-validity">
          {formatDateTime(certificate.validFrom)} – {formatDateTime(certificate.validTo)}
        </span>{' '}
        <CertificateStatusBadge status={certificate.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('CERT_KEY_USAGE')}>
        {[...certificate.keyUsage, ...certificate.extendedKeyUsage].map((usage) => (
          <Tag key={usage}>{usage}</Tag>
        ))}
        {certificate.keyUsage.length + certificate.extendedKeyUsage.length === 0 && '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('CERT_KEY_ALGORITHM')}>{certificate.keyAlgorithm}</Descriptions.Item>
      <Descriptions.Item label={t('CERT_FINGERPRINT')}>
        <code className="cert-fingerprint">{certificate.fingerprintSha256}</code>
      </Descriptions.Item>
    </Descriptions>
  );
}
