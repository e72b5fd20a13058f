import { ROLE_STRINGS } from '@sello/contracts/roles';
import type { TFunction } from 'i18next';

const KNOWN_ROLES = new Set<string>(Object.values(ROLE_STRINGS));

/** A stored role string translated when it is one of spec §6. */
export function roleLabel(role: string, t: TFunction): string {
  return KNOWN_ROLES.has(role) ? t(`ROLE_${role}`) : role;
}

/** A role of the roles picker (its code in `description`) in the console's language, else as the server names it. */
export function rolePickerLabel(role: { text: string; description?: string | null }, t: TFunction): string {
  return role.description && KNOWN_ROLES.has(role.description) ? t(`ROLE_${role.description}`) : role.text;
}

/** Translation key of a permission flag's name (spec §6). */
export function permissionLabelKey(flag: string): string {
  return `PERMISSION_${flag}`;
}
