import type { TPermissionRule } from './endpoint.ts';
import { hasAll, hasAny, type TPermissionMap } from './permissions.ts';
import type { RoleKey } from './roles.ts';

export type TAccessSubject = { permissions: TPermissionMap; roleKeys: readonly RoleKey[] } | null;

/** Whether `subject` (null when nobody is signed in) may call an endpoint guarded by `rule`. */
export function isAllowedBy(rule: TPermissionRule, subject: TAccessSubject): boolean {
  if (rule === 'public') return true;
  if (subject === null) return false;
  if (rule === 'session') return true;
  if (rule.roles && subject.roleKeys.some((role) => rule.roles?.includes(role))) return true;
  if (!rule.all && !rule.any) return false;
  return (
    hasAll(subject.permissions, rule.all ?? []) && (rule.any === undefined || hasAny(subject.permissions, rule.any))
  );
}
