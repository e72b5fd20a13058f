import { FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import { shippingsReportApi } from '@sello/contracts/catalogue/shippings-report';
import type { Language } from '@sello/contracts/constants';
import { PATHS } from '@sello/contracts/routes';
import { Button, DatePicker, Dropdown, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { downloadFile } from '../../../components/download-file.ts';
import { type TListState, withFilter } from '../../../components/list-state/list-state.ts';
import { useSession } from '../../../session/use-session.ts';
import { useShippingListTypes, useUserCompanies } from '../shared/shipping-api.ts';
import { exportInBackground } from './export-in-background.ts';
import type { TShippingExtraFilters, TShippingListRequest } from './shipping-list-filters.ts';

/** The filters above the table (dates, text, company, type), a new shipping, and the export of the list. */
export function ShippingListToolbar({
  state,
  setState,
  extra,
  setExtra,
  query,
}: {
  state: TListState;
  setState: (next: (current: TListState) => TListState) => void;
  extra: TShippingExtraFilters;
  setExtra: (next: TShippingExtraFilters) => void;
  query: TShippingListRequest;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { permissions } = useSession();
  const [textDraft, setTextDraft] = useState(extra.text);
  const types = useShippingListTypes();
  const companies = useUserCompanies();

  const exportList = (asynchronous: boolean) => {
    const { first: _first, pageSize: _pageSize, ...rest } = query;
    const request = { ...rest, first: 0, language: i18n.language as Language };
    if (!asynchronous) {
      void downloadFile(shippingsReportApi.report.path, request);
      return;
    }
    void exportInBackground(request);
  };

  const typeOptions = (types.data ?? []).map((type) => ({ value: type.value, label: type.text }));
  const numberFilter = (field: string) => {
    const value = state.filters[field];
    return typeof value === 'number' ? value : undefined;
  };
  const companyOptions = (companies.data ?? []).map((company) => ({ value: company.value, label: company.text }));

  return (
    <div className="shippings-toolbar">
      <DatePicker.RangePicker
        allowClear={false}
        value={[dayjs(extra.from), dayjs(extra.to)]}
        onChange={(range) => {
          const [from, to] = range ?? [];
          if (from && to) setExtra({ ...extra, from: from.format('YYYY-MM-DD'), to: to.format('YYYY-MM-DD') });
        }}
        data-testid="shippings-range"
      />
      <Input.Search
        allowClear
        className="shippings-search"
        placeholder={t('SHIPPINGS_SEARCH_PLACEHOLDER')}
        value={textDraft}
        maxLength={200}
        onChange={(event) => setTextDraft(event.target.value)}
        onSearch={(value) => setExtra({ ...extra, text: value })}
        enterButton
        data-testid="shippings-search"
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        className="shippings-filter-select"
        placeholder={t('SHIPPING_COMPANY')}
        aria-label={t('SHIPPING_COMPANY')}
        value={numberFilter('companyId')}
        options={companyOptions}
        onChange={(value?: number) => setState((current) => withFilter(current, 'companyId', value ?? null))}
        data-testid="filter-company"
      />
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        className="shippings-filter-select"
        placeholder={t('SHIPPING_TYPE')}
        aria-label={t('SHIPPING_TYPE')}
        value={numberFilter('typeId')}
        options={typeOptions}
        onChange={(value?: number) => setState((current) => withFilter(current, 'typeId', value ?? null))}
        data-testid="filter-type"
      />
      <div className="shippings-toolbar-actions">
        {permissions.newSend && permissions.editMode && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(PATHS.shippingCreate)}
            data-testid="shippings-create"
          >
            {t('MENU_NEW_SHIPPING')}
          </Button>
        )}
        <Dropdown.Button
          icon={<FileExcelOutlined />}
          onClick={() => exportList(false)}
          menu={{
            items: [{ key: 'async', label: t('SHIPPINGS_EXPORT_ASYNC'), 'data-testid': 'shippings-export-async' }],
            onClick: () => exportList(true),
          }}
          buttonsRender={([left, right]) => [
            <span key="left" data-testid="shippings-export">
              {left}
            </span>,
            right,
          ]}
        >
          {t('ADMIN_EXPORT')}
        </Dropdown.Button>
      </div>
    </div>
  );
}
