import { ROLE_STRINGS } from '@sello/contracts/roles';
import type { TFunction } from 'i18next';

const KNOWN_ROLES = new Set<string>(Object.values(ROLE_STRINGS));

/** A stored role string translated when it is one of spec §6. */
export function roleLabel(role: string, t: TFunction): string {
  return KNOWN_ROLES.has(role) ? t(`ROLE_${role}`) : role;
}

/** Translation key of a permission flag's name (spec §6). */
export function permissionLabelKey(flag: string): string {
  return `PERMISSION_${flag}`;
}
