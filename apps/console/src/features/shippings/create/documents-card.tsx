import { InboxOutlined } from '@ant-design/icons';
import { LIMITS } from '@sello/contracts/constants';
import { DOCUMENT_CATEGORIES, type DocumentCategory } from '@sello/contracts/enums';
import { Card, Form, Select, Typography, Upload, type UploadFile } from 'antd';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../alerts/alert-store.ts';
import { checkNewFile, documentsScroll } from './send-form.ts';
import type { TCreateLookups } from './use-create-lookups.ts';

/** The files to send, each with its category, checked one by one as they are dropped. */
export function DocumentsCard({
  rule,
  files,
  setFiles,
  categories,
  setCategories,
  documentsError,
  setDocumentsError,
  maxSizeKb,
}: {
  rule: TCreateLookups['rule'];
  files: UploadFile[];
  setFiles: Dispatch<SetStateAction<UploadFile[]>>;
  categories: Record<string, DocumentCategory>;
  setCategories: Dispatch<SetStateAction<Record<string, DocumentCategory>>>;
  documentsError: string | undefined;
  setDocumentsError: Dispatch<SetStateAction<string | undefined>>;
  maxSizeKb: number;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t('SHIPPING_DOCUMENTS')} size="small" className="shipping-detail-card">
      {rule?.documents === 'none' ? (
        <Typography.Text type="secondary" data-testid="create-documents-none">
          {t('SHIPPING_DOCUMENTS_NONE')}
        </Typography.Text>
      ) : (
        <Form.Item
          required={rule?.documents === 'required'}
          validateStatus={documentsError ? 'error' : undefined}
          help={documentsError}
          extra={t('SHIPPING_DOCUMENTS_LIMITS', { size: maxSizeKb, length: LIMITS.fileNameLength })}
        >
          <Upload.Dragger
            multiple
            fileList={files}
            beforeUpload={(file) => {
              const check = checkNewFile(
                file,
                files.map((entry) => entry.name),
                maxSizeKb,
              );
              if (check.ok) return false;
              if (!('ignore' in check)) notify.error(check.key, { params: check.params });
              return Upload.LIST_IGNORE;
            }}
            onChange={({ fileList }) => {
              setDocumentsError(undefined);
              // Files dropped together are checked one by one against the list before the drop.
              if (fileList.length > LIMITS.uploadFileLimit) notify.error('ERR_TOO_MANY_ITEMS');
              setFiles(fileList.slice(0, LIMITS.uploadFileLimit));
            }}
            itemRender={(node, file, list) => (
              <div className="shipping-file">
                {node}
                <Select
                  size="small"
                  className="shipping-file-category"
                  aria-label={t('DOCUMENT_CATEGORY')}
                  value={categories[file.uid] ?? 'UNSPECIFIED'}
                  onChange={(category) => setCategories((current) => ({ ...current, [file.uid]: category }))}
                  options={DOCUMENT_CATEGORIES.map((value) => ({ value, label: t(`DOCUMENT_CATEGORY_${value}`) }))}
                  data-testid={`document-category-${list.indexOf(file)}`}
                />
              </div>
            )}
            className={documentsScroll(files.length) ? 'shipping-files-scroll' : undefined}
            data-testid="create-documents"
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{t('SHIPPING_DOCUMENTS_DROP', { limit: LIMITS.uploadFileLimit })}</p>
          </Upload.Dragger>
        </Form.Item>
      )}
    </Card>
  );
}
