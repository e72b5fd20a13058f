import type { TCertificateStatus } from '@sello/contracts/catalogue/administration-common';
import type { TPagedQuery } from '@sello/contracts/common';
import { hasAll, type PermissionFlag } from '@sello/contracts/permissions';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { assertAdministrator } from '../../platform/admin-access.ts';
import { ApiError, forbidden, notFound } from '../../platform/api-error.ts';
import { runAudited } from '../../platform/audit.ts';
import type { TExcelColumn } from '../../platform/excel-export.ts';
import { toIso } from '../../platform/iso-date.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import type { TPrincipal } from '../../platform/principal.ts';
import { canSeeDomain, resolveDomainScope } from '../../platform/tenancy.ts';
import { takeDeletedFilter } from '../admin-lists.ts';
import {
  isLiveDomain,
  markCertificateDeleted,
  markCertificateRecovered,
  type TCertificateLeafMaterial,
  type TCertificateTable,
} from './certificate-common.queries.ts';
import { CertificateFileError } from './certificate-file.ts';
import type { exportLabels } from './export-labels.ts';
import type { inspectCertificate } from './x509-inspect.ts';

/** What signing and SAML certificate rows have in common, as their queries read them. */
export type TCertificateBaseRow = TCertificateLeafMaterial & {
  id: string;
  domain_id: string;
  name: string;
  active: boolean;
  status: TCertificateStatus;
  created_at: Date;
  updated_at: Date;
  deleted_at: Date | null;
  deleted_by_name: string | null;
};

/** A file the form must fix: 400 with the field and its key. */
export function toFieldError(error: unknown): unknown {
  return error instanceof CertificateFileError
    ? new ApiError(400, 'ERR_VALIDATION', { [error.field]: error.key })
    : error;
}

export const nameInUse = () => new ApiError(409, 'ERR_CONFLICT', { name: 'ERR_CERT_NAME_IN_USE' });

/** The answer fields both kinds share. */
export function toCertificateFields(row: TCertificateBaseRow) {
  return {
    id: Number(row.id),
    domainId: Number(row.domain_id),
    name: row.name,
    active: row.active,
    subject: row.subject,
    commonName: row.subject_cn,
    issuer: row.issuer,
    issuerCommonName: row.issuer_cn,
    serialNumber: row.serial_number,
    validFrom: row.valid_from.toISOString(),
    validTo: row.valid_to.toISOString(),
    keyUsage: row.key_usage,
    extendedKeyUsage: row.extended_key_usage,
    keyAlgorithm: row.key_algorithm,
    fingerprintSha256: row.fingerprint_sha256,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    deletedAt: toIso(row.deleted_at),
    deletedBy: row.deleted_at ? row.deleted_by_name : null,
  };
}

/** The stored columns both kinds read from the leaf certificate. */
export function toCertificateMaterial(info: ReturnType<typeof inspectCertificate>): TCertificateLeafMaterial {
  return {
    subject: info.subject,
    subject_cn: info.commonName,
    issuer: info.issuer,
    issuer_cn: info.issuerCommonName,
    serial_number: info.serialNumber,
    valid_from: info.validFrom,
    valid_to: info.validTo,
    key_usage: info.keyUsage,
    extended_key_usage: info.extendedKeyUsage,
    key_algorithm: info.keyAlgorithm,
    fingerprint_sha256: info.fingerprintSha256,
  };
}

type TText = ReturnType<typeof exportLabels>;

/** Export columns: the kind's own ones go after the name; the deleted-items columns when listing the bin. */
export function certificateExportColumns<Row extends TCertificateBaseRow>(
  text: TText,
  deleted: boolean,
  parts: { afterName: TExcelColumn<Row>[]; usage: TExcelColumn<Row>[] },
): TExcelColumn<Row>[] {
  const columns: TExcelColumn<Row>[] = [
    { header: text.label('name'), width: 30, value: (row) => row.name },
    ...parts.afterName,
    { header: text.label('commonName'), width: 30, value: (row) => row.subject_cn },
    { header: text.label('subject'), width: 50, value: (row) => row.subject },
    { header: text.label('issuer'), width: 50, value: (row) => row.issuer },
    { header: text.label('serialNumber'), width: 42, value: (row) => row.serial_number },
    { header: text.label('validFrom'), dateTime: true, value: (row) => row.valid_from },
    { header: text.label('validTo'), dateTime: true, value: (row) => row.valid_to },
    { header: text.label('status'), value: (row) => text.status(row.status) },
    ...parts.usage,
    { header: text.label('keyAlgorithm'), value: (row) => row.key_algorithm },
    { header: text.label('fingerprintSha256'), width: 100, value: (row) => row.fingerprint_sha256 },
    { header: text.label('active'), value: (row) => text.yesNo(row.active) },
    { header: text.label('createdAt'), dateTime: true, value: (row) => row.created_at },
  ];
  if (deleted) {
    columns.push(
      { header: text.label('deletedAt'), dateTime: true, value: (row) => row.deleted_at },
      { header: text.label('deletedBy'), width: 30, value: (row) => row.deleted_by_name },
    );
  }
  return columns;
}

type TCoreDeps<Row> = {
  db: Kysely<Database>;
  /** The unique index of live names in a domain. */
  nameIndex: string;
  /** What listing or exporting deleted items takes. */
  binFlags: readonly PermissionFlag[];
  select: (db: Kysely<Database>, id: number) => Promise<Row | undefined>;
  table: TCertificateTable;
};

/**
 * The rules signing and SAML certificates share: visibility, list scope, names, delete and recover. Every call
 * needs an administrator role: the `administration`, `administrationSaml` or `certBin` flags alone are not enough.
 */
export function createCertificateCore<Row extends TCertificateBaseRow>(deps: TCoreDeps<Row>) {
  const { db } = deps;

  /** A certificate the principal may see, live or deleted as asked; anything else is 404. */
  async function loadVisible(principal: TPrincipal, id: number, state: 'live' | 'deleted'): Promise<Row> {
    assertAdministrator(principal);
    const row = await deps.select(db, id);
    if (!row || !canSeeDomain(principal, row.domain_id)) throw notFound();
    if ((row.deleted_at === null) !== (state === 'live')) throw notFound();
    return row;
  }

  /** The domain and deleted flag of a list or export; deleted items need the bin flags. */
  function listScope(principal: TPrincipal, query: TPagedQuery) {
    assertAdministrator(principal);
    const { deleted, filters } = takeDeletedFilter(query.filters);
    if (deleted && !hasAll(principal.permissions, deps.binFlags)) throw forbidden();
    return { domainId: resolveDomainScope(principal, query.domainid), deleted, query: { ...query, filters } };
  }

  /** The live domain a new certificate goes to. */
  async function createScope(principal: TPrincipal, requestedDomainId: number | undefined): Promise<string> {
    assertAdministrator(principal);
    const domainId = resolveDomainScope(principal, requestedDomainId);
    if (!(await isLiveDomain(db, domainId))) throw notFound();
    return domainId;
  }

  /** Runs a write; another live certificate of the domain holding the name answers 409. */
  async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, deps.nameIndex)) throw nameInUse();
      throw error;
    }
  }

  async function remove(principal: TPrincipal, id: number) {
    const row = await loadVisible(principal, id, 'live');
    const entry = { domainId: row.domain_id, entity: deps.table, entityId: id, action: 'delete' };
    await runAudited(db, principal, { ...entry, before: { deleted: false }, after: { deleted: true } }, async (trx) => {
      if (!(await markCertificateDeleted(trx, deps.table, id, row.domain_id, principal.userId))) throw notFound();
    });
  }

  async function recover(principal: TPrincipal, id: number) {
    const row = await loadVisible(principal, id, 'deleted');
    // Another live certificate of the domain may have taken the name while this one was deleted.
    await withUniqueName(async () => {
      const entry = { domainId: row.domain_id, entity: deps.table, entityId: id, action: 'recover' };
      const audited = { ...entry, before: { deleted: true }, after: { deleted: false } };
      await runAudited(db, principal, audited, async (trx) => {
        if (!(await markCertificateRecovered(trx, deps.table, id, row.domain_id))) throw notFound();
      });
    });
  }

  return { loadVisible, listScope, createScope, withUniqueName, remove, recover };
}
