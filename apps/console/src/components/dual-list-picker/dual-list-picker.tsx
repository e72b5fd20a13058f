import {
  DoubleLeftOutlined,
  DoubleRightOutlined,
  DownOutlined,
  LeftOutlined,
  RightOutlined,
  SearchOutlined,
  UpOutlined,
} from '@ant-design/icons';
import type { TPickerItem } from '@sello/contracts/common';
import { Button, Input, Tag, Tooltip } from 'antd';
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canSelect,
  deselectAll,
  deselectItems,
  filterItems,
  moveDown,
  moveUp,
  normalizeLists,
  PICKER_SEARCH_DEBOUNCE_MS,
  selectAll,
  selectedIds,
  selectItems,
  type TPickerLists,
} from './picker-lists.ts';

export type TDualListPickerProps = {
  /** Items that may be chosen; those also in `selected` are left out (spec §4). */
  available: readonly TPickerItem[];
  /** Items chosen, in order. */
  selected: readonly TPickerItem[];
  /** The selected ids in order, after every change. */
  onChange: (ids: number[], items: TPickerItem[]) => void;
  disabled?: boolean;
  availableTitle?: string;
  selectedTitle?: string;
  /** Test id of the whole picker; the parts inside carry fixed ones (`picker-available`, ...). */
  'data-testid'?: string;
};

/** Spec §4: the search filters both lists 500 ms after the last keystroke. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

const without = (marks: ReadonlySet<number>, items: readonly TPickerItem[]) => {
  const present = new Set(items.map((item) => item.value));
  return new Set([...marks].filter((value) => present.has(value)));
};

type TListProps = {
  side: 'available' | 'selected';
  title: string;
  count: number;
  items: readonly TPickerItem[];
  marked: ReadonlySet<number>;
  disabled: boolean;
  onToggle: (item: TPickerItem) => void;
  onMove: (item: TPickerItem) => void;
};

function PickerList({ side, title, count, items, marked, disabled, onToggle, onMove }: TListProps) {
  const { t } = useTranslation();
  const onKeyDown = (event: KeyboardEvent, item: TPickerItem) => {
    if (event.key === ' ') {
      event.preventDefault();
      onToggle(item);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onMove(item);
    }
  };
  return (
    <div className="picker-list">
      <div className="picker-list-title">
        {title} <span data-testid={`picker-${side}-count`}>({count})</span>
      </div>
      {/* The empty note sits beside the listbox, not in it: a listbox holds options only. */}
      <div className="picker-list-items">
        <div
          role="listbox"
          aria-multiselectable="true"
          aria-label={title}
          aria-disabled={disabled || undefined}
          data-testid={`picker-${side}`}
        >
          {items.map((item) => {
            const inert = disabled || (side === 'available' && !canSelect(item));
            const isMarked = marked.has(item.value);
            return (
              <div
                key={item.value}
                role="option"
                tabIndex={inert ? -1 : 0}
                aria-selected={isMarked}
                aria-disabled={inert || undefined}
                className={`picker-item${isMarked ? ' marked' : ''}${item.blocked ? ' blocked' : ''}`}
                data-testid={`picker-item-${item.value}`}
                onClick={() => !inert && onToggle(item)}
                onDoubleClick={() => !inert && onMove(item)}
                onKeyDown={(event) => !inert && onKeyDown(event, item)}
              >
                <span className="picker-item-text">{item.text}</span>
                {item.blocked && (
                  <Tag className="picker-item-tag" variant="filled">
                    {t('PICKER_INACTIVE')}
                  </Tag>
                )}
                {item.description && <span className="picker-item-description">{item.description}</span>}
              </div>
            );
          })}
        </div>
        {items.length === 0 && <p className="picker-list-empty">{t('PICKER_EMPTY')}</p>}
      </div>
    </div>
  );
}

/**
 * Dual-list picker (spec §2/§4): available and selected lists; click marks (several at once), a
 * double click or Enter moves one item; buttons move the marked items or all of them (blocked items
 * are never chosen); the selected list is reordered up and down; a search narrows both lists.
 */
export function DualListPicker({
  available,
  selected,
  onChange,
  disabled = false,
  availableTitle,
  selectedTitle,
  'data-testid': testId,
}: TDualListPickerProps) {
  const { t } = useTranslation();
  const [source, setSource] = useState({ available, selected });
  const [lists, setLists] = useState<TPickerLists>(() => normalizeLists({ available, selected }));
  const [markedAvailable, setMarkedAvailable] = useState<ReadonlySet<number>>(new Set());
  const [markedSelected, setMarkedSelected] = useState<ReadonlySet<number>>(new Set());
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText, PICKER_SEARCH_DEBOUNCE_MS);

  // New data from the parent (a reload, another record) starts the picker afresh.
  if (source.available !== available || source.selected !== selected) {
    setSource({ available, selected });
    setLists(normalizeLists({ available, selected }));
    setMarkedAvailable(new Set());
    setMarkedSelected(new Set());
  }

  const shownAvailable = useMemo(() => filterItems(lists.available, search), [lists.available, search]);
  const shownSelected = useMemo(() => filterItems(lists.selected, search), [lists.selected, search]);

  const apply = (next: TPickerLists) => {
    if (next === lists) return;
    setLists(next);
    setMarkedAvailable((marks) => without(marks, next.available));
    setMarkedSelected((marks) => without(marks, next.selected));
    onChange(selectedIds(next), [...next.selected]);
  };

  const toggle = (setter: typeof setMarkedAvailable) => (item: TPickerItem) =>
    setter((marks) => {
      const next = new Set(marks);
      if (next.has(item.value)) next.delete(item.value);
      else next.add(item.value);
      return next;
    });

  // Marked items hidden by the search are left alone.
  const visibleMarks = (marks: ReadonlySet<number>, shown: readonly TPickerItem[]) =>
    shown.filter((item) => marks.has(item.value)).map((item) => item.value);
  const markedToMove = visibleMarks(markedAvailable, shownAvailable);
  const markedToReturn = visibleMarks(markedSelected, shownSelected);
  const selectable = shownAvailable.filter(canSelect);

  const reorder = (direction: 'up' | 'down') => {
    const ids = [...markedSelected];
    const selectedNext = direction === 'up' ? moveUp(lists.selected, ids) : moveDown(lists.selected, ids);
    if (selectedNext.every((item, index) => item === lists.selected[index])) return;
    apply({ available: lists.available, selected: selectedNext });
  };
  const selectedIndexes = lists.selected.flatMap((item, index) => (markedSelected.has(item.value) ? [index] : []));
  const canMoveUp = selectedIndexes.some((index, position) => index > position);
  const lastIndex = lists.selected.length - 1;
  const canMoveDown = selectedIndexes.some(
    (index, position) => index < lastIndex - (selectedIndexes.length - 1 - position),
  );

  const control = (key: string, testid: string, icon: ReactNode, enabled: boolean, onClick: () => void) => (
    <Tooltip title={t(key)}>
      <Button icon={icon} disabled={disabled || !enabled} onClick={onClick} aria-label={t(key)} data-testid={testid} />
    </Tooltip>
  );

  return (
    <div className="dual-list-picker" data-testid={testId}>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('PICKER_SEARCH')}
        aria-label={t('PICKER_SEARCH')}
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
        disabled={disabled}
        className="picker-search"
        data-testid="picker-search"
      />
      <div className="picker-body">
        <PickerList
          side="available"
          title={availableTitle ?? t('PICKER_AVAILABLE')}
          count={lists.available.length}
          items={shownAvailable}
          marked={markedAvailable}
          disabled={disabled}
          onToggle={toggle(setMarkedAvailable)}
          onMove={(item) => apply(selectItems(lists, [item.value]))}
        />
        <div className="picker-controls">
          {control('PICKER_MOVE_SELECTED', 'picker-move-selected', <RightOutlined />, markedToMove.length > 0, () =>
            apply(selectItems(lists, markedToMove)),
          )}
          {control('PICKER_MOVE_ALL', 'picker-move-all', <DoubleRightOutlined />, selectable.length > 0, () =>
            apply(selectAll(lists, shownAvailable)),
          )}
          {control(
            'PICKER_REMOVE_SELECTED',
            'picker-remove-selected',
            <LeftOutlined />,
            markedToReturn.length > 0,
            () => apply(deselectItems(lists, markedToReturn)),
          )}
          {control('PICKER_REMOVE_ALL', 'picker-remove-all', <DoubleLeftOutlined />, shownSelected.length > 0, () =>
            apply(deselectAll(lists, shownSelected)),
          )}
        </div>
        <PickerList
          side="selected"
          title={selectedTitle ?? t('PICKER_SELECTED')}
          count={lists.selected.length}
          items={shownSelected}
          marked={markedSelected}
          disabled={disabled}
          onToggle={toggle(setMarkedSelected)}
          onMove={(item) => apply(deselectItems(lists, [item.value]))}
        />
        <div className="picker-controls">
          {control('PICKER_MOVE_UP', 'picker-up', <UpOutlined />, canMoveUp, () => reorder('up'))}
          {control('PICKER_MOVE_DOWN', 'picker-down', <DownOutlined />, canMoveDown, () => reorder('down'))}
        </div>
      </div>
    </div>
  );
}
