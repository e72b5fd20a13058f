import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CERTIFICATE_STATUSES } from '@sello/contracts/catalogue/administration-common';
import { LANGUAGES } from '@sello/contracts/constants';
import { DOMAIN_TYPES } from '@sello/contracts/enums';
import { PERMISSION_FLAGS } from '@sello/contracts/permissions';
import { describe, expect, it } from 'vitest';
import { certificateStatusKey } from '../../../components/badges/badges.tsx';
import { LANGUAGE_LABEL_KEYS } from '../../../i18n/language-labels.ts';
import { domainTypeLabelKey } from '../domains/domains-list.tsx';
import { ADMIN_SCREEN_TABS, adminKindLabelKey } from './admin-paths.ts';
import { permissionLabelKey } from './labels.ts';

const LOCALES = path.resolve(import.meta.dirname, '../../../../public/locales');

/** Keys the administration screens build at run time (not literal in the source). */
const DYNAMIC_KEYS = [
  ...ADMIN_SCREEN_TABS.map(adminKindLabelKey),
  ...PERMISSION_FLAGS.map(permissionLabelKey),
  ...DOMAIN_TYPES.map(domainTypeLabelKey),
  ...CERTIFICATE_STATUSES.map(certificateStatusKey),
  ...Object.values(LANGUAGE_LABEL_KEYS),
];

describe('administration labels', () => {
  it.each(LANGUAGES)('translates every tab, permission flag, domain type and certificate state in %s', (language) => {
    const table = JSON.parse(readFileSync(path.join(LOCALES, `${language}.json`), 'utf8')) as Record<string, string>;
    expect(DYNAMIC_KEYS.filter((key) => !table[key])).toEqual([]);
  });
});
