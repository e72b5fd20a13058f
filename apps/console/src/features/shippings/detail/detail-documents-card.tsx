import type { TShippingDetail, TShippingDocument } from '@sello/contracts/catalogue/shippings-detail';
import { shippingsFilesApi } from '@sello/contracts/catalogue/shippings-files';
import { Button, Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../components/download-file.ts';
import { formatBytes } from './detail-options.ts';

/** The shipping's documents with their fingerprints, each downloadable. */
export function DetailDocumentsCard({ shipping }: { shipping: TShippingDetail }) {
  const { t } = useTranslation();
  const downloadDocument = (document: TShippingDocument) =>
    void downloadFile(
      shipping.state === 'pending_auth' || shipping.state === 'auths_pending_user'
        ? shippingsFilesApi.downloadAuthFile.path
        : shippingsFilesApi.downloadFile.path,
      { requestId: shipping.requestId, fileRequest: document.fileRequest },
    );

  const columns = [
    {
      key: 'name',
      title: t('DOCUMENT_NAME'),
      render: (_: unknown, row: TShippingDocument) => (
        <Button
          type="link"
          size="small"
          onClick={() => downloadDocument(row)}
          data-testid={`document-download-${row.fileRequest}`}
        >
          {row.name}
        </Button>
      ),
    },
    {
      key: 'kind',
      title: t('DOCUMENT_KIND'),
      render: (_: unknown, row: TShippingDocument) => t(`DOCUMENT_KIND_${row.kind}`),
    },
    {
      key: 'size',
      title: t('DOCUMENT_SIZE'),
      render: (_: unknown, row: TShippingDocument) => formatBytes(row.sizeBytes),
    },
    {
      key: 'sha256',
      title: 'SHA-256',
      render: (_: unknown, row: TShippingDocument) => (
        <Typography.Text code copyable className="shipping-hash" data-testid={`document-sha-${row.fileRequest}`}>
          {row.sha256}
        </Typography.Text>
      ),
    },
  ];
  return (
    <Card title={t('SHIPPING_DOCUMENTS')} size="small" className="shipping-detail-card">
      <Table
        rowKey="fileRequest"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={shipping.documents}
        locale={{ emptyText: t('LIST_EMPTY') }}
        data-testid="detail-documents"
      />
    </Card>
  );
}
