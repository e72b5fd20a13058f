import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';

/** A file chosen in a form, read as a base64 data URL. */
export type TFileValue = { name: string; size: number; dataUrl: string };

/** Reads a file as a base64 data URL. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** A file picker for antd forms: its value is the chosen file as a data URL (`Form.Item` supplies value/onChange). */
export function FileField({
  value,
  onChange,
  accept,
  'data-testid': testId,
}: {
  value?: TFileValue;
  onChange?: (value: TFileValue | undefined) => void;
  accept?: string;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap data-testid={testId}>
      <Upload
        accept={accept}
        showUploadList={false}
        maxCount={1}
        beforeUpload={async (file) => {
          onChange?.({ name: file.name, size: file.size, dataUrl: await readAsDataUrl(file) });
          return false;
        }}
      >
        <Button icon={<UploadOutlined />}>{value ? t('FILE_REPLACE') : t('FILE_CHOOSE')}</Button>
      </Upload>
      {value && (
        <>
          <Typography.Text data-testid={testId ? `${testId}-name` : undefined}>
            <PaperClipOutlined /> {value.name}
          </Typography.Text>
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('FILE_REMOVE')}
            title={t('FILE_REMOVE')}
            onClick={() => onChange?.(undefined)}
          />
        </>
      )}
    </Space>
  );
}
