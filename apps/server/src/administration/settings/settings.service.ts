import {
  SETTINGS,
  type TDomainSettings,
  type TDomainSettingsUpdate,
  type TPlatformSettings,
  type TPlatformSettingsUpdate,
} from '@sello/contracts/catalogue/administration-settings';
import { PREFERENCES, SESSION } from '@sello/contracts/constants';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { assertDomainAdministrator, assertSuperAdmin, recordScope } from '../../platform/admin-access.ts';
import { notFound } from '../../platform/api-error.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { TPrincipal } from '../../platform/principal.ts';
import type { TPreferences } from '../../preferences/preferences.service.ts';
import {
  deleteDomainPreference,
  selectDomainPreference,
  selectLiveDomainId,
  selectPreferencesForUpdate,
  selectPreferenceValues,
  upsertDomainPreference,
  upsertPreference,
} from './settings.queries.ts';

const NAMES = SETTINGS.map((definition) => definition.name);

/** The stored form of a value: numbers as their digits; an empty text is "not set" (null). */
function toStored(value: number | string): string | null {
  if (typeof value === 'number') return String(value);
  return value === '' ? null : value;
}

/**
 * Settings an administrator owns: the platform's (super admins) and a domain's own session length (its domain admin,
 * or a super admin). Each change is one audited transaction; once it commits every server copy drops its cached
 * preferences (PostgreSQL NOTIFY), so the next sign-in or page load on any copy uses the new value.
 */
export function createSettingsService(db: Kysely<Database>, preferences: TPreferences) {
  async function readPlatform(): Promise<TPlatformSettings> {
    const rows = await selectPreferenceValues(db, NAMES);
    const stored = new Map(rows.map((row) => [row.name, row.value]));
    return { values: Object.fromEntries(NAMES.map((name) => [name, stored.get(name) ?? null])) };
  }

  async function read(principal: TPrincipal): Promise<TPlatformSettings> {
    assertSuperAdmin(principal);
    return readPlatform();
  }

  async function update(principal: TPrincipal, input: TPlatformSettingsUpdate): Promise<TPlatformSettings> {
    assertSuperAdmin(principal);
    const changes = Object.entries(input)
      .filter((entry): entry is [string, number | string] => entry[1] !== undefined)
      .map(([name, value]) => ({ name, value: toStored(value) }));
    if (changes.length > 0) {
      await db.transaction().execute(async (trx) => {
        const rows = await selectPreferencesForUpdate(
          trx,
          changes.map((change) => change.name),
        );
        const current = new Map(rows.map((row) => [row.name, row.value]));
        const changed = changes.filter((change) => (current.get(change.name) ?? null) !== change.value);
        if (changed.length === 0) return;
        for (const change of changed) await upsertPreference(trx, change.name, change.value);
        const before = Object.fromEntries(changed.map((change) => [change.name, current.get(change.name) ?? null]));
        const after = Object.fromEntries(changed.map((change) => [change.name, change.value]));
        await recordAudit(trx, principal, {
          domainId: null,
          entity: 'preferences',
          entityId: null,
          action: 'update',
          before,
          after,
        });
      });
      await preferences.clearCache();
    }
    return readPlatform();
  }

  async function loadDomain(principal: TPrincipal, domainId: number): Promise<string> {
    assertDomainAdministrator(principal);
    const id = await selectLiveDomainId(db, recordScope(principal), String(domainId));
    if (!id) throw notFound();
    return id;
  }

  async function readDomainSettings(domainId: string): Promise<TDomainSettings> {
    const own = await selectDomainPreference(db, domainId, PREFERENCES.sessionTime);
    const [platform] = await selectPreferenceValues(db, [PREFERENCES.sessionTime]);
    const platformMinutes = Number(platform?.value);
    return {
      domainId: Number(domainId),
      sessionTimeMinutes: own === null ? null : Number(own),
      platformSessionTimeMinutes:
        Number.isInteger(platformMinutes) && platformMinutes > 0 ? platformMinutes : SESSION.defaultMinutes,
    };
  }

  async function domain(principal: TPrincipal, domainId: number): Promise<TDomainSettings> {
    return readDomainSettings(await loadDomain(principal, domainId));
  }

  async function updateDomain(principal: TPrincipal, input: TDomainSettingsUpdate): Promise<TDomainSettings> {
    const id = await loadDomain(principal, input.domainId);
    const next = input.sessionTimeMinutes === null ? null : String(input.sessionTimeMinutes);
    const name = PREFERENCES.sessionTime;
    const changed = await db.transaction().execute(async (trx) => {
      const before = await selectDomainPreference(trx, id, name, true);
      if (before === next) return false;
      if (next === null) await deleteDomainPreference(trx, id, name);
      else await upsertDomainPreference(trx, id, name, next);
      await recordAudit(trx, principal, {
        domainId: id,
        entity: 'domain_preferences',
        entityId: id,
        action: 'update',
        before: { [name]: before },
        after: { [name]: next },
      });
      return true;
    });
    if (changed) await preferences.clearCache();
    return readDomainSettings(id);
  }

  return { read, update, domain, updateDomain };
}
