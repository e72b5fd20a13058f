import { MENU_ENTRIES } from '@sello/contracts/routes';
import { describe, expect, it } from 'vitest';
import { arrangeEntries } from './top-navigation.tsx';

const byKeys = (...keys: string[]) => MENU_ENTRIES.filter((entry) => keys.includes(entry.key));
const shape = (items: ReturnType<typeof arrangeEntries>) =>
  items.map((item) => (item.kind === 'link' ? item.entry.key : `${item.key}[${item.entries.map((e) => e.key)}]`));

describe('the header groups', () => {
  it('gathers neighbours under their group and keeps the spec order', () => {
    expect(shape(arrangeEntries(MENU_ENTRIES, true))).toEqual([
      'MENU_NEW_SHIPPING',
      'MENU_SHIPPINGS',
      'MENU_AUTHORISATIONS',
      'MENU_GROUP_IMPORTS[MENU_IMPORTS_LIST,MENU_IMPORT,MENU_IMPORT_TEMPLATE]',
      'MENU_GROUP_SETUP[MENU_TEMPLATES,MENU_TYPES,MENU_ADMINISTRATION]',
      'MENU_HOME',
      'MENU_GROUP_ACCOUNT[MENU_ACCOUNT,MENU_FAQS,MENU_DELETED]',
    ]);
  });

  it('shows a group with one visible link as that link alone', () => {
    expect(
      shape(arrangeEntries(byKeys('MENU_SHIPPINGS', 'MENU_TEMPLATES', 'MENU_ACCOUNT', 'MENU_FAQS'), true)),
    ).toEqual(['MENU_SHIPPINGS', 'MENU_TEMPLATES', 'MENU_GROUP_ACCOUNT[MENU_ACCOUNT,MENU_FAQS]']);
  });

  it('keeps every link on its own in the drawer', () => {
    expect(shape(arrangeEntries(MENU_ENTRIES, false))).toEqual(MENU_ENTRIES.map((entry) => entry.key));
  });
});
