import type {
  TSamlCertificate,
  TSamlCertificateDetail,
  TSamlCertificateInput,
  TSamlCertificateUpdate,
} from '@sello/contracts/catalogue/administration-saml-certificates';
import type { TExportQuery, TPagedQuery } from '@sello/contracts/common';
import { hasAll } from '@sello/contracts/permissions';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { forbidden, notFound } from '../../platform/api-error.ts';
import type { TExcelColumn } from '../../platform/excel-export.ts';
import type { TPrincipal } from '../../platform/principal.ts';
import { canSeeDomain, resolveDomainScope } from '../../platform/tenancy.ts';
import { takeDeletedFilter } from '../admin-lists.ts';
import { isLiveDomain, isUniqueViolation } from '../certificates/certificate-common.queries.ts';
import { readPublicCertificate } from '../certificates/certificate-file.ts';
import { nameInUse, toFieldError } from '../certificates/certificates.service.ts';
import { exportLabels } from '../certificates/export-labels.ts';
import { inspectCertificate } from '../certificates/x509-inspect.ts';
import {
  insertSamlCertificate,
  markSamlCertificateDeleted,
  markSamlCertificateRecovered,
  SAML_CERTIFICATE_NAME_INDEX,
  selectSamlCertificate,
  selectSamlCertificatePage,
  selectTrustedSamlCertificates,
  streamSamlCertificates,
  type TSamlCertificateMaterial,
  type TSamlCertificateRow,
  updateSamlCertificateRow,
} from './saml-certificates.queries.ts';

function toSamlCertificate(row: TSamlCertificateRow): TSamlCertificate {
  return {
    id: Number(row.id),
    domainId: Number(row.domain_id),
    name: row.name,
    entityId: row.entity_id,
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
    deletedAt: row.deleted_at?.toISOString() ?? null,
    deletedBy: row.deleted_at ? row.deleted_by_name : null,
  };
}

/** Reads the IdP certificate (public only) and what is stored of it. */
function readUpload(content: string): TSamlCertificateMaterial {
  let bundle: ReturnType<typeof readPublicCertificate>;
  try {
    bundle = readPublicCertificate(content);
  } catch (error) {
    throw toFieldError(error);
  }
  const info = inspectCertificate(bundle.leaf);
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
    certificate_pem: bundle.leaf.toString(),
  };
}

/** SAML administration needs `administrationSaml` already; its deleted items also need the bin flag. */
const SAML_BIN = ['certBin', 'administrationSaml'] as const;

export function createSamlCertificatesService({ db }: { db: Kysely<Database> }) {
  async function loadVisible(principal: TPrincipal, id: number, state: 'live' | 'deleted') {
    const row = await selectSamlCertificate(db, id);
    if (!row || !canSeeDomain(principal, row.domain_id)) throw notFound();
    if ((row.deleted_at === null) !== (state === 'live')) throw notFound();
    return row;
  }

  async function detail(principal: TPrincipal, id: number): Promise<TSamlCertificateDetail> {
    const row = await loadVisible(principal, id, 'live');
    return { ...toSamlCertificate(row), certificatePem: row.certificate_pem };
  }

  function listScope(principal: TPrincipal, query: TPagedQuery) {
    const { deleted, filters } = takeDeletedFilter(query.filters);
    if (deleted && !hasAll(principal.permissions, SAML_BIN)) throw forbidden();
    return { domainId: resolveDomainScope(principal, query.domainid), deleted, query: { ...query, filters } };
  }

  async function read(principal: TPrincipal, query: TPagedQuery) {
    const scope = listScope(principal, query);
    const page = await selectSamlCertificatePage(db, scope.domainId, scope.deleted, scope.query);
    return { rows: page.rows.map(toSamlCertificate), total: page.total };
  }

  async function create(principal: TPrincipal, requestedDomainId: number | undefined, input: TSamlCertificateInput) {
    const domainId = resolveDomainScope(principal, requestedDomainId);
    if (!(await isLiveDomain(db, domainId))) throw notFound();
    const material = readUpload(input.content);
    let id: number;
    try {
      id = await insertSamlCertificate(
        db,
        { domainId, name: input.name, entityId: input.entityId, active: input.active, createdBy: principal.userId },
        material,
      );
    } catch (error) {
      if (isUniqueViolation(error, SAML_CERTIFICATE_NAME_INDEX)) throw nameInUse();
      throw error;
    }
    return detail(principal, id);
  }

  async function update(principal: TPrincipal, input: TSamlCertificateUpdate) {
    const row = await loadVisible(principal, input.id, 'live');
    const material = input.content ? readUpload(input.content) : null;
    try {
      const updated = await updateSamlCertificateRow(
        db,
        input.id,
        row.domain_id,
        { name: input.name, entity_id: input.entityId, active: input.active },
        material,
      );
      if (!updated) throw notFound();
    } catch (error) {
      if (isUniqueViolation(error, SAML_CERTIFICATE_NAME_INDEX)) throw nameInUse();
      throw error;
    }
    return detail(principal, input.id);
  }

  async function remove(principal: TPrincipal, id: number) {
    const row = await loadVisible(principal, id, 'live');
    if (!(await markSamlCertificateDeleted(db, id, row.domain_id, principal.userId))) throw notFound();
  }

  async function recover(principal: TPrincipal, id: number) {
    const row = await loadVisible(principal, id, 'deleted');
    try {
      if (!(await markSamlCertificateRecovered(db, id, row.domain_id))) throw notFound();
    } catch (error) {
      if (isUniqueViolation(error, SAML_CERTIFICATE_NAME_INDEX)) throw nameInUse();
      throw error;
    }
  }

  function exportList(principal: TPrincipal, query: TExportQuery) {
    const scope = listScope(principal, query);
    const text = exportLabels(query.language);
    const columns: TExcelColumn<TSamlCertificateRow>[] = [
      { header: text.label('name'), width: 30, value: (row) => row.name },
      { header: text.label('entityId'), width: 50, value: (row) => row.entity_id },
      { header: text.label('commonName'), width: 30, value: (row) => row.subject_cn },
      { header: text.label('subject'), width: 50, value: (row) => row.subject },
      { header: text.label('issuer'), width: 50, value: (row) => row.issuer },
      { header: text.label('serialNumber'), width: 42, value: (row) => row.serial_number },
      { header: text.label('validFrom'), value: (row) => row.valid_from },
      { header: text.label('validTo'), value: (row) => row.valid_to },
      { header: text.label('status'), value: (row) => text.status(row.status) },
      { header: text.label('keyAlgorithm'), value: (row) => row.key_algorithm },
      { header: text.label('fingerprintSha256'), width: 100, value: (row) => row.fingerprint_sha256 },
      { header: text.label('active'), value: (row) => text.yesNo(row.active) },
      { header: text.label('createdAt'), value: (row) => row.created_at },
    ];
    if (scope.deleted) {
      columns.push(
        { header: text.label('deletedAt'), value: (row) => row.deleted_at },
        { header: text.label('deletedBy'), width: 30, value: (row) => row.deleted_by_name },
      );
    }
    return {
      fileName: 'saml-certificates.xlsx',
      sheetName: text.label('samlCertificates'),
      columns,
      rows: streamSamlCertificates(db, scope.domainId, scope.deleted, scope.query),
    };
  }

  /** The IdP certificates SAML sign-in of a domain may trust for `entityId` (live, active, valid now). */
  function trustedCertificates(domainId: string, entityId: string) {
    return selectTrustedSamlCertificates(db, domainId, entityId);
  }

  return { read, detail, create, update, remove, recover, exportList, trustedCertificates };
}

export type TSamlCertificatesService = ReturnType<typeof createSamlCertificatesService>;
