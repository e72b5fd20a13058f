import { z } from 'zod';

/** Per-user permission flags of spec §3 / §6. */
export const PERMISSION_FLAGS = [
  'shippingList',
  'shippingListOnlyAuth',
  'newSend',
  'editMode',
  'types',
  'shpImport',
  'shpImportTemplate',
  'templates',
  'administration',
  'administrationDomain',
  'administrationSaml',
  'shpBin',
  'typeBin',
  'companyBin',
  'groupBin',
  'certBin',
  'userBin',
  'templatesBin',
] as const;

export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];
export const ZPermissionFlag = z.enum(PERMISSION_FLAGS);

export const BIN_FLAGS = [
  'shpBin',
  'typeBin',
  'companyBin',
  'groupBin',
  'certBin',
  'userBin',
  'templatesBin',
] as const satisfies readonly PermissionFlag[];

/** Only the flags that are true are kept (spec §3). */
export type TPermissionMap = Partial<Record<PermissionFlag, true>>;
export const ZPermissionMap = z.partialRecord(ZPermissionFlag, z.literal(true));

export function toPermissionMap(flags: Iterable<PermissionFlag>): TPermissionMap {
  const map: TPermissionMap = {};
  for (const flag of flags) map[flag] = true;
  return map;
}

export function hasAll(map: TPermissionMap, flags: readonly PermissionFlag[]): boolean {
  return flags.every((flag) => map[flag] === true);
}

export function hasAny(map: TPermissionMap, flags: readonly PermissionFlag[]): boolean {
  return flags.some((flag) => map[flag] === true);
}
