import { X509Certificate } from 'node:crypto';
import type {
  TCertificate,
  TCertificateDetail,
  TCertificateInput,
  TCertificateUpdate,
} from '@sello/contracts/catalogue/administration';
import type { TExportQuery, TPagedQuery, TPickerItem } from '@sello/contracts/common';
import { hasAll } from '@sello/contracts/permissions';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { ApiError, forbidden, notFound } from '../../platform/api-error.ts';
import type { TCertificateKey } from '../../platform/certificate-key.ts';
import type { TExcelColumn } from '../../platform/excel-export.ts';
import type { TPrincipal } from '../../platform/principal.ts';
import { canSeeDomain, resolveDomainScope } from '../../platform/tenancy.ts';
import { takeDeletedFilter } from '../admin-lists.ts';
import { isLiveDomain, isUniqueViolation } from './certificate-common.queries.ts';
import { CertificateFileError, readSigningCertificate, type TSigningCertificateUpload } from './certificate-file.ts';
import {
  CERTIFICATE_NAME_INDEX,
  insertCertificate,
  markCertificateDeleted,
  markCertificateRecovered,
  selectCertificate,
  selectCertificatePage,
  selectSealedPrivateKey,
  selectUsableCertificates,
  streamCertificates,
  type TCertificateMaterial,
  type TCertificateRow,
  updateCertificateRow,
} from './certificates.queries.ts';
import { exportLabels } from './export-labels.ts';
import { openPrivateKey, sealPrivateKey } from './private-key-box.ts';
import { inspectCertificate } from './x509-inspect.ts';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** A file the form must fix: 400 with the field and its key. */
export function toFieldError(error: unknown): unknown {
  return error instanceof CertificateFileError
    ? new ApiError(400, 'ERR_VALIDATION', { [error.field]: error.key })
    : error;
}

export const nameInUse = () => new ApiError(409, 'ERR_CONFLICT', { name: 'ERR_CERT_NAME_IN_USE' });

/** The chain entries of a PEM chain, leaf first. */
export function describeChain(chainPem: string) {
  return (chainPem.match(PEM_CERTIFICATE) ?? []).map((block) => {
    const info = inspectCertificate(new X509Certificate(block));
    return {
      subject: info.subject,
      issuer: info.issuer,
      serialNumber: info.serialNumber,
      validFrom: info.validFrom.toISOString(),
      validTo: info.validTo.toISOString(),
      fingerprintSha256: info.fingerprintSha256,
    };
  });
}

function toCertificate(row: TCertificateRow): TCertificate {
  return {
    id: Number(row.id),
    domainId: Number(row.domain_id),
    name: row.name,
    alias: row.alias,
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

const emptyToNull = (value: string | undefined) => (value ? value : null);

export type TCertificatesServiceOptions = { db: Kysely<Database>; certificateKey: TCertificateKey };

export function createCertificatesService({ db, certificateKey }: TCertificatesServiceOptions) {
  /** Reads an upload and seals its private key; the password is used here and forgotten. */
  function readUpload(upload: TSigningCertificateUpload): {
    material: TCertificateMaterial;
    friendlyName: string | null;
  } {
    let bundle: ReturnType<typeof readSigningCertificate>;
    try {
      bundle = readSigningCertificate(upload);
    } catch (error) {
      throw toFieldError(error);
    }
    const info = inspectCertificate(bundle.leaf);
    const privateKeyPem = bundle.privateKey!.export({ type: 'pkcs8', format: 'pem' }) as string;
    return {
      friendlyName: bundle.friendlyName,
      material: {
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
        chain_pem: bundle.chain.map((certificate) => certificate.toString()).join(''),
        private_key_sealed: sealPrivateKey(privateKeyPem, certificateKey, info.fingerprintSha256),
        private_key_key_id: certificateKey.id,
      },
    };
  }

  /** A certificate the principal may see, live or deleted as asked; anything else is 404. */
  async function loadVisible(principal: TPrincipal, id: number, state: 'live' | 'deleted') {
    const row = await selectCertificate(db, id);
    if (!row || !canSeeDomain(principal, row.domain_id)) throw notFound();
    if ((row.deleted_at === null) !== (state === 'live')) throw notFound();
    return row;
  }

  async function detail(principal: TPrincipal, id: number): Promise<TCertificateDetail> {
    const row = await loadVisible(principal, id, 'live');
    return { ...toCertificate(row), chain: describeChain(row.chain_pem), chainPem: row.chain_pem };
  }

  /** The domain and deleted flag of a list or export; deleted items need the certificates bin. */
  function listScope(principal: TPrincipal, query: TPagedQuery) {
    const { deleted, filters } = takeDeletedFilter(query.filters);
    if (deleted && !hasAll(principal.permissions, ['certBin'])) throw forbidden();
    return { domainId: resolveDomainScope(principal, query.domainid), deleted, query: { ...query, filters } };
  }

  async function list(principal: TPrincipal, query: TPagedQuery) {
    const scope = listScope(principal, query);
    const page = await selectCertificatePage(db, scope.domainId, scope.deleted, scope.query);
    return { rows: page.rows.map(toCertificate), total: page.total };
  }

  async function create(principal: TPrincipal, requestedDomainId: number | undefined, input: TCertificateInput) {
    const domainId = resolveDomainScope(principal, requestedDomainId);
    if (!(await isLiveDomain(db, domainId))) throw notFound();
    const { material, friendlyName } = readUpload(input);
    let id: number;
    try {
      id = await insertCertificate(
        db,
        {
          domainId,
          name: input.name,
          alias: emptyToNull(input.alias) ?? friendlyName,
          active: input.active,
          createdBy: principal.userId,
        },
        material,
      );
    } catch (error) {
      if (isUniqueViolation(error, CERTIFICATE_NAME_INDEX)) throw nameInUse();
      throw error;
    }
    return detail(principal, id);
  }

  async function update(principal: TPrincipal, input: TCertificateUpdate) {
    const row = await loadVisible(principal, input.id, 'live');
    const upload = input.content ? readUpload({ ...input, content: input.content }) : null;
    try {
      const updated = await updateCertificateRow(
        db,
        input.id,
        row.domain_id,
        {
          name: input.name,
          alias: emptyToNull(input.alias) ?? upload?.friendlyName ?? null,
          active: input.active,
        },
        upload?.material ?? null,
      );
      if (!updated) throw notFound();
    } catch (error) {
      if (isUniqueViolation(error, CERTIFICATE_NAME_INDEX)) throw nameInUse();
      throw error;
    }
    return detail(principal, input.id);
  }

  async function remove(principal: TPrincipal, id: number) {
    const row = await loadVisible(principal, id, 'live');
    if (!(await markCertificateDeleted(db, id, row.domain_id, principal.userId))) throw notFound();
  }

  async function recover(principal: TPrincipal, id: number) {
    const row = await loadVisible(principal, id, 'deleted');
    try {
      if (!(await markCertificateRecovered(db, id, row.domain_id))) throw notFound();
    } catch (error) {
      // Another live certificate of the domain took the name while this one was deleted.
      if (isUniqueViolation(error, CERTIFICATE_NAME_INDEX)) throw nameInUse();
      throw error;
    }
  }

  /** The Excel export of a list: the same scope, filters and order, streamed from a cursor. */
  function exportList(principal: TPrincipal, query: TExportQuery) {
    const scope = listScope(principal, query);
    const text = exportLabels(query.language);
    const columns: TExcelColumn<TCertificateRow>[] = [
      { header: text.label('name'), width: 30, value: (row) => row.name },
      { header: text.label('alias'), value: (row) => row.alias },
      { header: text.label('commonName'), width: 30, value: (row) => row.subject_cn },
      { header: text.label('subject'), width: 50, value: (row) => row.subject },
      { header: text.label('issuer'), width: 50, value: (row) => row.issuer },
      { header: text.label('serialNumber'), width: 42, value: (row) => row.serial_number },
      { header: text.label('validFrom'), value: (row) => row.valid_from },
      { header: text.label('validTo'), value: (row) => row.valid_to },
      { header: text.label('status'), value: (row) => text.status(row.status) },
      { header: text.label('keyUsage'), width: 30, value: (row) => row.key_usage.join(', ') },
      { header: text.label('extendedKeyUsage'), width: 30, value: (row) => row.extended_key_usage.join(', ') },
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
      fileName: 'certificates.xlsx',
      sheetName: text.label('certificates'),
      columns,
      rows: streamCertificates(db, scope.domainId, scope.deleted, scope.query),
    };
  }

  async function byDomain(principal: TPrincipal, domainId: number): Promise<TPickerItem[]> {
    const rows = await selectUsableCertificates(db, resolveDomainScope(principal, domainId));
    return rows.map((row) => ({
      value: Number(row.id),
      text: row.name,
      description: `${row.subject_cn ?? ''} · ${row.valid_to.toISOString().slice(0, 10)}`.replace(/^ · /, ''),
      blocked: false,
    }));
  }

  /**
   * The certificate chain and private key of a live certificate of `domainId`, for the services that sign
   * with it (evidence certificates). Never answered by the API.
   */
  async function openSigningMaterial(domainId: string, id: number) {
    const row = await selectSealedPrivateKey(db, id);
    if (!row || row.domain_id !== domainId) throw notFound();
    if (row.private_key_key_id !== certificateKey.id) {
      throw new Error(
        `Certificate ${id} was sealed with another CERTIFICATE_ENCRYPTION_KEY (${row.private_key_key_id})`,
      );
    }
    return {
      chainPem: row.chain_pem,
      privateKeyPem: openPrivateKey(row.private_key_sealed, certificateKey, row.fingerprint_sha256),
    };
  }

  return { list, detail, create, update, remove, recover, exportList, byDomain, openSigningMaterial };
}

export type TCertificatesService = ReturnType<typeof createCertificatesService>;
