import { FilterFilled, SearchOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, Space, Table, type TableProps, Tag } from 'antd';
import type { ColumnsType, FilterDropdownProps, SorterResult } from 'antd/es/table/interface';
import { type HTMLAttributes, type Key, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNarrowScreen } from '../../lib/use-narrow-screen.ts';
import type { TFilterValue, TListState } from '../list-state/list-state.ts';
import { withFilter, withSort } from '../list-state/list-state.ts';
import { Pager } from '../pager/pager.tsx';
import { pageCountOf } from '../pager/pager-window.ts';
import { TruncatedCell } from './truncated-cell.tsx';

export type TFilterOption = { value: string | number | boolean; label: string };

/** How a column is filtered: contained text, yes/no, or one of a few values. */
export type TColumnFilter = { kind: 'text' } | { kind: 'boolean' } | { kind: 'options'; options: TFilterOption[] };

export type TPagedColumn<Row> = {
  /** The field name the server sorts and filters by. */
  key: string;
  title: string;
  render?: (row: Row) => ReactNode;
  sortable?: boolean;
  filter?: TColumnFilter;
  width?: number | string;
  ellipsis?: boolean;
};

export type TPagedTableProps<Row> = {
  columns: readonly TPagedColumn<Row>[];
  rows: readonly Row[];
  total: number;
  loading?: boolean;
  state: TListState;
  onStateChange: (next: TListState) => void;
  rowKey: (row: Row) => string | number;
  /** Buttons of each row, in a last column. */
  actions?: (row: Row) => ReactNode;
  actionsTitle?: string;
  /** Row selection (checkboxes), for lists with batch actions. */
  rowSelection?: TableProps<Row>['rowSelection'];
  /** On a phone the rows show as cards drawn by this, under a checkbox when rows can be selected. */
  card?: (row: Row) => ReactNode;
  /** The accessible name of a card's checkbox. */
  cardSelectLabel?: (row: Row) => string;
  'data-testid'?: string;
};

function TextFilter({ field, props }: { field: string; props: FilterDropdownProps }) {
  const { t } = useTranslation();
  const { selectedKeys, setSelectedKeys, confirm, clearFilters, close } = props;
  return (
    <div className="table-text-filter">
      <Input
        autoFocus
        placeholder={t('LIST_FILTER_PLACEHOLDER')}
        value={String(selectedKeys[0] ?? '')}
        onChange={(event) => setSelectedKeys(event.target.value ? [event.target.value] : [])}
        onPressEnter={() => confirm()}
        data-testid={`filter-input-${field}`}
        maxLength={200}
      />
      <Space className="table-text-filter-buttons">
        <Button
          type="primary"
          size="small"
          icon={<SearchOutlined />}
          onClick={() => confirm()}
          data-testid={`filter-apply-${field}`}
        >
          {t('LIST_FILTER_APPLY')}
        </Button>
        <Button
          size="small"
          onClick={() => {
            clearFilters?.();
            confirm();
            close();
          }}
          data-testid={`filter-reset-${field}`}
        >
          {t('LIST_FILTER_RESET')}
        </Button>
      </Space>
    </div>
  );
}

function optionsOf(filter: TColumnFilter, yes: string, no: string): TFilterOption[] {
  if (filter.kind === 'boolean')
    return [
      { value: true, label: yes },
      { value: false, label: no },
    ];
  return filter.kind === 'options' ? filter.options : [];
}

/** The filter value of a column from what antd hands back (option values travel as strings). */
function filterValueOf(
  filter: TColumnFilter,
  keys: readonly (Key | boolean)[] | null | undefined,
): TFilterValue | null {
  const first = keys?.[0];
  if (first === undefined || first === null || first === '') return null;
  if (filter.kind === 'text') return String(first);
  const option = optionsOf(filter, '', '').find((entry) => String(entry.value) === String(first));
  return option ? option.value : null;
}

/**
 * A server-side paged list: antd Table with controlled sort orders and column filters, the spec's
 * Pager below it, and the active filters shown as removable tags. Every change goes back through
 * `onStateChange` (the screens keep the state in the URL).
 */
/** The rows as a list of cards (a phone), each under the checkbox that selects it when rows can be selected. */
function RowCards<Row extends object>({
  rows,
  rowKey,
  card,
  rowSelection,
  selectLabel,
}: {
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  card: (row: Row) => ReactNode;
  rowSelection: TableProps<Row>['rowSelection'];
  selectLabel?: (row: Row) => string;
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="row-cards-empty">{t('LIST_EMPTY')}</p>;
  const selected = new Set((rowSelection?.selectedRowKeys ?? []).map(String));
  const toggle = (row: Row, checked: boolean) => {
    const key = String(rowKey(row));
    const keys = checked ? [...selected, key] : [...selected].filter((entry) => entry !== key);
    const chosen = rows.filter((entry) => keys.includes(String(rowKey(entry))));
    rowSelection?.onChange?.(keys, chosen, { type: 'single' });
  };
  return (
    <ul className="row-cards" data-testid="row-cards">
      {rows.map((row) => {
        const key = String(rowKey(row));
        return (
          <li key={key} className="row-card" data-testid={`card-${key}`}>
            {rowSelection && (
              <Checkbox
                className="row-card-select"
                checked={selected.has(key)}
                onChange={(event) => toggle(row, event.target.checked)}
                aria-label={selectLabel?.(row) ?? key}
                data-testid={`card-select-${key}`}
              />
            )}
            <div className="row-card-body">{card(row)}</div>
          </li>
        );
      })}
    </ul>
  );
}

export function PagedTable<Row extends object>({
  columns,
  rows,
  total,
  loading = false,
  state,
  onStateChange,
  rowKey,
  actions,
  actionsTitle,
  rowSelection,
  card,
  cardSelectLabel,
  'data-testid': testId,
}: TPagedTableProps<Row>) {
  const { t } = useTranslation();
  const narrow = useNarrowScreen();
  const yes = t('YES');
  const no = t('NO');

  // A page past the end (after a delete, or an edited URL) goes to the last page.
  const pageCount = pageCountOf(total, state.pageSize);
  useEffect(() => {
    if (!loading && state.page > pageCount) onStateChange({ ...state, page: pageCount });
  }, [loading, state, pageCount, onStateChange]);

  const tableColumns: ColumnsType<Row> = columns.map((column) => {
    const filter = column.filter;
    const current = state.filters[column.key];
    return {
      key: column.key,
      dataIndex: column.key,
      // The full title on hover when the column is too narrow for it.
      title: <span title={column.title}>{column.title}</span>,
      width: column.width,
      // antd's own title covers only plain text cells and shows even when nothing is cut: ours shows on a cut value.
      ellipsis: column.ellipsis ? { showTitle: false } : undefined,
      render: column.ellipsis
        ? (value: unknown, row: Row) => (
            <TruncatedCell>{column.render ? column.render(row) : (value as ReactNode)}</TruncatedCell>
          )
        : column.render
          ? (_value: unknown, row: Row) => column.render?.(row)
          : undefined,
      ...(column.sortable && {
        sorter: true,
        sortOrder: state.sortField === column.key ? (state.sortOrder === -1 ? 'descend' : 'ascend') : null,
      }),
      ...(filter && {
        filteredValue: current === undefined ? null : [String(current)],
        filterIcon: (filtered: boolean) => (
          <FilterFilled
            style={{ color: filtered ? '#0b5cab' : undefined }}
            data-testid={`filter-${column.key}`}
            aria-label={t('LIST_FILTER_BY', { column: column.title })}
          />
        ),
        ...(filter.kind === 'text'
          ? { filterDropdown: (props: FilterDropdownProps) => <TextFilter field={column.key} props={props} /> }
          : {
              filterMultiple: false,
              filters: optionsOf(filter, yes, no).map((option) => ({
                text: option.label,
                value: String(option.value),
              })),
            }),
      }),
    };
  });
  if (actions) {
    tableColumns.push({
      key: '__actions',
      title: actionsTitle ?? t('LIST_ACTIONS'),
      render: (_value: unknown, row: Row) => actions(row),
    });
  }

  const onChange: TableProps<Row>['onChange'] = (_pagination, filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
      const field = single?.order ? String(single.columnKey ?? single.field) : undefined;
      onStateChange(withSort(state, field, single?.order === 'descend' ? -1 : single?.order ? 1 : undefined));
      return;
    }
    if (extra.action === 'filter') {
      let next = state;
      for (const column of columns) {
        if (!column.filter) continue;
        const value = filterValueOf(column.filter, filters[column.key]);
        if (value !== (state.filters[column.key] ?? null)) next = withFilter(next, column.key, value);
      }
      if (next !== state) onStateChange(next);
    }
  };

  const activeFilters = columns.filter((column) => column.filter && state.filters[column.key] !== undefined);
  const filterText = (column: TPagedColumn<Row>) => {
    const value = state.filters[column.key];
    const option = column.filter ? optionsOf(column.filter, yes, no).find((entry) => entry.value === value) : undefined;
    return option?.label ?? String(value);
  };

  return (
    <div className="paged-table" data-testid={testId}>
      {activeFilters.length > 0 && (
        <div className="paged-table-filters" data-testid="list-active-filters">
          <span>{t('LIST_FILTERED_BY')}</span>
          {activeFilters.map((column) => (
            <Tag
              key={column.key}
              closable
              onClose={(event) => {
                event.preventDefault();
                onStateChange(withFilter(state, column.key, null));
              }}
              data-testid={`list-filter-tag-${column.key}`}
            >
              {column.title}: {filterText(column)}
            </Tag>
          ))}
          <Button
            type="link"
            size="small"
            onClick={() => onStateChange({ ...state, page: 1, filters: {} })}
            data-testid="list-filters-clear"
          >
            {t('LIST_FILTERS_CLEAR')}
          </Button>
        </div>
      )}
      {narrow && card ? (
        <RowCards rows={rows} rowKey={rowKey} card={card} rowSelection={rowSelection} selectLabel={cardSelectLabel} />
      ) : (
        <Table<Row>
          columns={tableColumns}
          dataSource={rows as Row[]}
          rowKey={(row) => String(rowKey(row))}
          loading={loading}
          pagination={false}
          onChange={onChange}
          rowSelection={rowSelection}
          size="middle"
          showSorterTooltip={false}
          locale={{ emptyText: t('LIST_EMPTY') }}
          onRow={(row) => ({ 'data-testid': `row-${rowKey(row)}` }) as HTMLAttributes<HTMLElement>}
        />
      )}
      <Pager
        page={state.page}
        pageSize={state.pageSize}
        total={total}
        disabled={loading && rows.length === 0}
        onChange={(page, pageSize) => onStateChange({ ...state, page, pageSize })}
      />
    </div>
  );
}
