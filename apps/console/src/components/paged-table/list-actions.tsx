import { FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The create and export buttons above a paged list. `onCreate` is left out where the user may not
 * create; `testIdPrefix` names them `<prefix>-create` and `<prefix>-export`.
 */
export function ListActions({
  onCreate,
  onExport,
  testIdPrefix,
  children,
}: {
  onCreate?: () => void;
  onExport: () => void;
  testIdPrefix: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="admin-toolbar-actions">
      {onCreate && (
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate} data-testid={`${testIdPrefix}-create`}>
          {t('ADMIN_CREATE')}
        </Button>
      )}
      <Button icon={<FileExcelOutlined />} onClick={onExport} data-testid={`${testIdPrefix}-export`}>
        {t('ADMIN_EXPORT')}
      </Button>
      {children}
    </div>
  );
}
