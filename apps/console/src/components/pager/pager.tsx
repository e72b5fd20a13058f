import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { pageCountOf, pagerWindow } from './pager-window.ts';

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

export type TPagerProps = {
  /** Current page, 1-based. */
  page: number;
  pageSize: number;
  /** Total number of records of the list. */
  total: number;
  /** A new page, or a new page size (which goes back to page 1). */
  onChange: (page: number, pageSize: number) => void;
  pageSizeOptions?: readonly number[];
  disabled?: boolean;
};

/** Spec §2/§9 pager: first, previous, 10 page numbers around the current page, next, last, page size, total. */
export function Pager({
  page,
  pageSize,
  total,
  onChange,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  disabled = false,
}: TPagerProps) {
  const { t } = useTranslation();
  const pageCount = pageCountOf(total, pageSize);
  const current = Math.min(Math.max(1, page), pageCount);
  const go = (target: number) => {
    if (target !== current && target >= 1 && target <= pageCount) onChange(target, pageSize);
  };
  const atStart = disabled || current <= 1;
  const atEnd = disabled || current >= pageCount;
  const sizes = pageSizeOptions.includes(pageSize)
    ? pageSizeOptions
    : [...pageSizeOptions, pageSize].sort((a, b) => a - b);

  return (
    <nav className="pager" aria-label={t('PAGER_LABEL')} data-testid="pager">
      <Space wrap size={4}>
        <Button
          size="small"
          icon={<DoubleLeftOutlined />}
          disabled={atStart}
          onClick={() => go(1)}
          aria-label={t('PAGER_FIRST')}
          title={t('PAGER_FIRST')}
          data-testid="pager-first"
        />
        <Button
          size="small"
          icon={<LeftOutlined />}
          disabled={atStart}
          onClick={() => go(current - 1)}
          aria-label={t('PAGER_PREVIOUS')}
          title={t('PAGER_PREVIOUS')}
          data-testid="pager-previous"
        />
        {pagerWindow(current, pageCount).map((number) => (
          <Button
            key={number}
            size="small"
            type={number === current ? 'primary' : 'default'}
            disabled={disabled}
            aria-current={number === current ? 'page' : undefined}
            onClick={() => go(number)}
            data-testid={`pager-page-${number}`}
          >
            {number}
          </Button>
        ))}
        <Button
          size="small"
          icon={<RightOutlined />}
          disabled={atEnd}
          onClick={() => go(current + 1)}
          aria-label={t('PAGER_NEXT')}
          title={t('PAGER_NEXT')}
          data-testid="pager-next"
        />
        <Button
          size="small"
          icon={<DoubleRightOutlined />}
          disabled={atEnd}
          onClick={() => go(pageCount)}
          aria-label={t('PAGER_LAST')}
          title={t('PAGER_LAST')}
          data-testid="pager-last"
        />
        <Select<number>
          size="small"
          value={pageSize}
          disabled={disabled}
          onChange={(size) => onChange(1, size)}
          options={sizes.map((size) => ({ value: size, label: t('PAGER_PAGE_SIZE', { size }) }))}
          aria-label={t('PAGER_PAGE_SIZE_LABEL')}
          data-testid="pager-size"
          style={{ minWidth: 110 }}
        />
        <Typography.Text type="secondary" data-testid="pager-total">
          {t('PAGER_TOTAL', { count: total })}
        </Typography.Text>
      </Space>
    </nav>
  );
}
