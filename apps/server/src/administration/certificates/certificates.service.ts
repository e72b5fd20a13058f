import { X509Certificate } from 'node:crypto';
import type {
  TCertificate,
  TCertificateDetail,
  TCertificateInput,
  TCertificateUpdate,
} from '@sello/contracts/catalogue/administration-certificates';
import type { TExportQuery, TPagedQuery, TPickerItem } from '@sello/contracts/common';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { assertAdministrator } from '../../platform/admin-access.ts';
import { notFound } from '../../platform/api-error.ts';
import { runAudited } from '../../platform/audit.ts';
import type { TCertificateKey } from '../../platform/certificate-key.ts';
import { toIsoDay } from '../../platform/iso-date.ts';
import type { TPrincipal } from '../../platform/principal.ts';
import { resolveDomainScope } from '../../platform/tenancy.ts';
import {
  certificateExportColumns,
  createCertificateCore,
  toCertificateFields,
  toCertificateMaterial,
  toFieldError,
} from './certificate-core.ts';
import { readSigningCertificate, type TSigningCertificateUpload } from './certificate-file.ts';
import {
  CERTIFICATE_NAME_INDEX,
  insertCertificate,
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
  return { ...toCertificateFields(row), alias: row.alias };
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
        ...toCertificateMaterial(info),
        chain_pem: bundle.chain.map((certificate) => certificate.toString()).join(''),
        private_key_sealed: sealPrivateKey(privateKeyPem, certificateKey, info.fingerprintSha256),
        private_key_key_id: certificateKey.id,
      },
    };
  }

  const core = createCertificateCore({
    db,
    nameIndex: CERTIFICATE_NAME_INDEX,
    binFlags: ['certBin'],
    select: selectCertificate,
    table: 'certificates',
  });
  const { loadVisible, listScope, remove, recover } = core;

  async function detail(principal: TPrincipal, id: number): Promise<TCertificateDetail> {
    const row = await loadVisible(principal, id, 'live');
    return { ...toCertificate(row), chain: describeChain(row.chain_pem), chainPem: row.chain_pem };
  }

  async function read(principal: TPrincipal, query: TPagedQuery) {
    const scope = listScope(principal, query);
    const page = await selectCertificatePage(db, scope.domainId, scope.deleted, scope.query);
    return { rows: page.rows.map(toCertificate), total: page.total };
  }

  async function create(principal: TPrincipal, requestedDomainId: number | undefined, input: TCertificateInput) {
    const domainId = await core.createScope(principal, requestedDomainId);
    const { material, friendlyName } = readUpload(input);
    const values = {
      domainId,
      name: input.name,
      alias: emptyToNull(input.alias) ?? friendlyName,
      active: input.active,
    };
    const id = await core.withUniqueName(() =>
      runAudited(
        db,
        principal,
        (newId: number) => ({ domainId, entity: 'certificates', entityId: newId, action: 'create', after: values }),
        (trx) => insertCertificate(trx, { ...values, createdBy: principal.userId }, material),
      ),
    );
    return detail(principal, id);
  }

  async function update(principal: TPrincipal, input: TCertificateUpdate) {
    const row = await loadVisible(principal, input.id, 'live');
    const upload = input.content ? readUpload({ ...input, content: input.content }) : null;
    const values = {
      name: input.name,
      alias: emptyToNull(input.alias) ?? upload?.friendlyName ?? null,
      active: input.active,
    };
    const entry = { domainId: row.domain_id, entity: 'certificates', entityId: input.id, action: 'update' };
    const audited = { ...entry, before: row, after: { ...values, content: upload ? 'replaced' : undefined } };
    await core.withUniqueName(() =>
      runAudited(db, principal, audited, async (trx) => {
        const updated = await updateCertificateRow(trx, input.id, row.domain_id, values, upload?.material ?? null);
        if (!updated) throw notFound();
      }),
    );
    return detail(principal, input.id);
  }

  /** The Excel export of a list: the same scope, filters and order, streamed from a cursor. */
  function exportList(principal: TPrincipal, query: TExportQuery) {
    const scope = listScope(principal, query);
    const text = exportLabels(query.language);
    return {
      fileName: 'certificates.xlsx',
      sheetName: text.label('certificates'),
      columns: certificateExportColumns<TCertificateRow>(text, scope.deleted, {
        afterName: [{ header: text.label('alias'), value: (row) => row.alias }],
        usage: [
          { header: text.label('keyUsage'), width: 30, value: (row) => row.key_usage.join(', ') },
          { header: text.label('extendedKeyUsage'), width: 30, value: (row) => row.extended_key_usage.join(', ') },
        ],
      }),
      rows: streamCertificates(db, scope.domainId, scope.deleted, scope.query),
    };
  }

  async function certificatesByDomain(principal: TPrincipal, domainId: number): Promise<TPickerItem[]> {
    assertAdministrator(principal);
    const rows = await selectUsableCertificates(db, resolveDomainScope(principal, domainId));
    return rows.map((row) => ({
      value: Number(row.id),
      text: row.name,
      description: `${row.subject_cn ?? ''} · ${toIsoDay(row.valid_to)}`.replace(/^ · /, ''),
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

  return { read, detail, create, update, remove, recover, exportList, certificatesByDomain, openSigningMaterial };
}

export type TCertificatesService = ReturnType<typeof createCertificatesService>;
