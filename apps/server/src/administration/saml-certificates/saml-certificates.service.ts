import type {
  TSamlCertificate,
  TSamlCertificateDetail,
  TSamlCertificateInput,
  TSamlCertificateUpdate,
} from '@sello/contracts/catalogue/administration-saml-certificates';
import type { TExportQuery, TPagedQuery } from '@sello/contracts/common';
import { rankOf } from '@sello/contracts/role-rules';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../platform/api-error.ts';
import { runAudited } from '../../platform/audit.ts';
import type { TPrincipal } from '../../platform/principal.ts';
import {
  certificateExportColumns,
  createCertificateCore,
  toCertificateFields,
  toCertificateMaterial,
  toFieldError,
} from '../certificates/certificate-core.ts';
import { readPublicCertificate } from '../certificates/certificate-file.ts';
import { exportLabels } from '../certificates/export-labels.ts';
import { inspectCertificate } from '../certificates/x509-inspect.ts';
import {
  insertSamlCertificate,
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
  return { ...toCertificateFields(row), entityId: row.entity_id };
}

/** Reads the IdP certificate (public only) and what is stored of it. */
function readUpload(content: string): TSamlCertificateMaterial {
  let bundle: ReturnType<typeof readPublicCertificate>;
  try {
    bundle = readPublicCertificate(content);
  } catch (error) {
    throw toFieldError(error);
  }
  return { ...toCertificateMaterial(inspectCertificate(bundle.leaf)), certificate_pem: bundle.leaf.toString() };
}

/** SAML administration needs `administrationSaml` already; its deleted items also need the bin flag. */
const SAML_BIN = ['certBin', 'administrationSaml'] as const;

export function createSamlCertificatesService({ db }: { db: Kysely<Database> }) {
  const core = createCertificateCore({
    db,
    nameIndex: SAML_CERTIFICATE_NAME_INDEX,
    binFlags: SAML_BIN,
    select: selectSamlCertificate,
    table: 'saml_certificates',
  });
  const { loadVisible, listScope, remove, recover } = core;

  async function detail(principal: TPrincipal, id: number): Promise<TSamlCertificateDetail> {
    const row = await loadVisible(principal, id, 'live');
    return { ...toSamlCertificate(row), certificatePem: row.certificate_pem };
  }

  async function read(principal: TPrincipal, query: TPagedQuery) {
    const scope = listScope(principal, query);
    const page = await selectSamlCertificatePage(db, scope.domainId, scope.deleted, scope.query);
    return { rows: page.rows.map(toSamlCertificate), total: page.total };
  }

  async function create(principal: TPrincipal, requestedDomainId: number | undefined, input: TSamlCertificateInput) {
    const domainId = await core.createScope(principal, requestedDomainId);
    const material = readUpload(input.content);
    const values = { domainId, name: input.name, entityId: input.entityId, active: input.active };
    const id = await core.withUniqueName(() =>
      runAudited(
        db,
        principal,
        (newId: number) => ({
          domainId,
          entity: 'saml_certificates',
          entityId: newId,
          action: 'create',
          after: values,
        }),
        (trx) =>
          insertSamlCertificate(
            trx,
            { ...values, createdBy: principal.userId, rank: rankOf(principal.roles) },
            material,
          ),
      ),
    );
    return detail(principal, id);
  }

  async function update(principal: TPrincipal, input: TSamlCertificateUpdate) {
    const row = await loadVisible(principal, input.id, 'live');
    const material = input.content ? readUpload(input.content) : null;
    // Who changes the certificate changes whom its provider may sign in (docs/decisions/federation.md "Federated sign-in: rank").
    const values = {
      name: input.name,
      entity_id: input.entityId,
      active: input.active,
      configured_rank: rankOf(principal.roles),
    };
    const entry = { domainId: row.domain_id, entity: 'saml_certificates', entityId: input.id, action: 'update' };
    const audited = { ...entry, before: row, after: { ...values, content: material ? 'replaced' : undefined } };
    await core.withUniqueName(() =>
      runAudited(db, principal, audited, async (trx) => {
        if (!(await updateSamlCertificateRow(trx, input.id, row.domain_id, values, material))) throw notFound();
      }),
    );
    return detail(principal, input.id);
  }

  function exportList(principal: TPrincipal, query: TExportQuery) {
    const scope = listScope(principal, query);
    const text = exportLabels(query.language);
    return {
      fileName: 'saml-certificates.xlsx',
      sheetName: text.label('samlCertificates'),
      columns: certificateExportColumns<TSamlCertificateRow>(text, scope.deleted, {
        afterName: [{ header: text.label('entityId'), width: 50, value: (row) => row.entity_id }],
        usage: [],
      }),
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
