import { DownOutlined } from '@ant-design/icons';
import { isMenuEntryActive, MENU_ENTRIES, type TMenuEntry } from '@sello/contracts/routes';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../session/use-session.ts';

/**
 * Spec §2's links, grouped so the header keeps one row at 1280 px. Each group holds neighbours of the spec's
 * order, so the links keep that order in the page; a group with one visible link shows that link alone.
 */
const NAV_GROUPS: readonly { key: string; entries: readonly string[] }[] = [
  { key: 'MENU_GROUP_IMPORTS', entries: ['MENU_IMPORTS_LIST', 'MENU_IMPORT', 'MENU_IMPORT_TEMPLATE'] },
  { key: 'MENU_GROUP_SETUP', entries: ['MENU_TEMPLATES', 'MENU_TYPES', 'MENU_ADMINISTRATION'] },
  { key: 'MENU_GROUP_ACCOUNT', entries: ['MENU_ACCOUNT', 'MENU_FAQS', 'MENU_DELETED'] },
];

type TNavItem = { kind: 'link'; entry: TMenuEntry } | { kind: 'group'; key: string; entries: TMenuEntry[] };

/** The visible entries in spec order, neighbours of one group gathered under it. */
export function arrangeEntries(entries: readonly TMenuEntry[], grouped: boolean): TNavItem[] {
  const items: TNavItem[] = [];
  for (const entry of entries) {
    const group = grouped ? NAV_GROUPS.find((candidate) => candidate.entries.includes(entry.key)) : undefined;
    const last = items.at(-1);
    if (!group) items.push({ kind: 'link', entry });
    else if (last?.kind === 'group' && last.key === group.key) last.entries.push(entry);
    else items.push({ kind: 'group', key: group.key, entries: [entry] });
  }
  return items.map((item) =>
    item.kind === 'group' && item.entries.length === 1 ? { kind: 'link', entry: item.entries[0]! } : item,
  );
}

function NavLink({ entry, inDrawer }: { entry: TMenuEntry; inDrawer: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const active = isMenuEntryActive(entry, location.pathname, location.search);
  const to = entry.search ? `${entry.path}?${entry.search}` : entry.path;
  return (
    <Link
      to={to}
      className={active ? 'top-nav-link active' : 'top-nav-link'}
      aria-current={active ? 'page' : undefined}
      data-testid={inDrawer ? `drawer-nav-${entry.key}` : `nav-${entry.key}`}
    >
      {t(entry.key)}
    </Link>
  );
}

/**
 * A disclosure button and its links. The links stay in the page (hidden while closed); the button is
 * highlighted when one of them is the current page. Escape closes it and gives the focus back to the button.
 */
function NavGroup({ groupKey, entries }: { groupKey: string; entries: TMenuEntry[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const active = entries.some((entry) => isMenuEntryActive(entry, location.pathname, location.search));

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is the trigger
  useEffect(() => setOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!open) return;
    // A click or the focus elsewhere closes the group; Escape closes it and gives the focus back to its button.
    const closeOutside = (event: Event) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('focusin', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('focusin', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div ref={box} className="top-nav-group" data-nav-group={groupKey}>
      <button
        ref={button}
        type="button"
        className={active ? 'top-nav-link top-nav-group-button active' : 'top-nav-link top-nav-group-button'}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((current) => !current)}
        data-testid={`navgroup-${groupKey}`}
      >
        {t(groupKey)} <DownOutlined aria-hidden="true" className="top-nav-group-icon" />
      </button>
      <ul id={listId} className="top-nav-group-list" hidden={!open}>
        {entries.map((entry) => (
          <li key={entry.key}>
            <NavLink entry={entry} inDrawer={false} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The spec's links: grouped in menus in the header, one flat list in the phone's drawer. */
export function TopNavigation({ inDrawer = false }: { inDrawer?: boolean }) {
  const { t } = useTranslation();
  const { permissions, roleKeys } = useSession();
  const entries = MENU_ENTRIES.filter((entry) => entry.isVisible(permissions, roleKeys));
  return (
    <nav
      className={inDrawer ? 'top-nav top-nav-drawer' : 'top-nav'}
      aria-label={t('MENU_LABEL')}
      data-testid={inDrawer ? 'drawer-nav' : 'top-nav'}
    >
      {arrangeEntries(entries, !inDrawer).map((item) =>
        item.kind === 'link' ? (
          <NavLink key={item.entry.key} entry={item.entry} inDrawer={inDrawer} />
        ) : (
          <NavGroup key={item.key} groupKey={item.key} entries={item.entries} />
        ),
      )}
    </nav>
  );
}
