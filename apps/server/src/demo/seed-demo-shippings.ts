import type { TSendRequestInput } from '@sello/contracts/catalogue/shippings';
import { ZSendRequest } from '@sello/contracts/catalogue/shippings';
import type { Language } from '@sello/contracts/constants';
import type { ServiceKind } from '@sello/contracts/enums';
import { type PermissionFlag, toPermissionMap } from '@sello/contracts/permissions';
import { detectRoles } from '@sello/contracts/roles';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import type { TJobQueue } from '../platform/jobs.ts';
import type { TPrincipal } from '../platform/principal.ts';
import type { TPreferences } from '../preferences/preferences.service.ts';
import { createShippingActions } from '../shippings/shipping-actions.service.ts';
import { createShippingCreation } from '../shippings/shipping-create.service.ts';

type TTypeSettings = {
  domain: 'DEMO' | 'ACME';
  name: string;
  description?: string;
  serviceKind?: ServiceKind;
  /** Tax id of the company the type belongs to; domain-wide otherwise. */
  company?: string;
  channels: string[];
  requiresAuth?: boolean;
  authDeadlineHours?: number;
  responseDays?: number;
  custodyDays?: number;
  defaultTemplate?: string;
  defaultSmsTemplate?: string;
  authoriserUsers?: string[];
  authoriserGroups?: string[];
};

/**
 * What creating a shipping of each demo type takes. Types the administration seed already has are
 * completed by name; the others are added, so every service kind of spec §1 has one.
 */
const TYPE_SETTINGS: TTypeSettings[] = [
  {
    domain: 'DEMO',
    name: 'Notarial notification',
    channels: ['postal', 'email', 'onscreen'],
    defaultTemplate: 'Notarial notice',
  },
  {
    domain: 'DEMO',
    name: 'Deed acceptance',
    channels: ['email', 'sms', 'onscreen'],
    requiresAuth: true,
    authDeadlineHours: 48,
    authoriserUsers: ['company.manager'],
    defaultTemplate: 'Acceptance request',
    defaultSmsTemplate: 'Short notice',
  },
  {
    domain: 'DEMO',
    name: 'Policy renewal notice',
    channels: ['postal', 'email', 'sms', 'whatsapp'],
    defaultTemplate: 'Renewal with documents',
    defaultSmsTemplate: 'Short notice',
  },
  {
    domain: 'DEMO',
    name: 'Claim settlement acceptance',
    channels: ['email', 'sms', 'whatsapp'],
    defaultTemplate: 'Signature request',
    requiresAuth: true,
    authoriserGroups: ['Claims'],
    defaultSmsTemplate: 'Short notice',
  },
  { domain: 'DEMO', name: 'Certified e-mail', channels: ['email'], defaultTemplate: 'Certified e-mail cover' },
  { domain: 'DEMO', name: 'Certified SMS', channels: ['sms'], defaultSmsTemplate: 'Short notice' },
  {
    domain: 'DEMO',
    name: 'Video identification',
    channels: ['email', 'sms', 'onscreen'],
    defaultTemplate: 'Identity check invitation',
    defaultSmsTemplate: 'Identity check SMS',
  },
  {
    domain: 'DEMO',
    name: 'Document custody',
    description: 'Deeds kept available to the signers',
    serviceKind: 'custody',
    company: 'B1234567A',
    channels: ['email', 'onscreen'],
    defaultTemplate: 'Custody available',
    custodyDays: 365,
  },
  {
    domain: 'DEMO',
    name: 'Power of attorney accreditation',
    description: 'Representative proves their power of attorney',
    serviceKind: 'accreditation',
    company: 'B1234567A',
    channels: ['email', 'sms', 'onscreen'],
    defaultTemplate: 'Accreditation request',
    defaultSmsTemplate: 'Identity check SMS',
  },
  {
    domain: 'DEMO',
    name: 'Joint deed acceptance',
    description: 'Both parties accept the deed, in order',
    serviceKind: 'double_acceptance',
    company: 'B1234567A',
    channels: ['email', 'sms', 'onscreen'],
    defaultTemplate: 'Signature request',
    defaultSmsTemplate: 'Short notice',
    requiresAuth: true,
    authoriserUsers: ['company.manager'],
    authoriserGroups: ['Legal'],
  },
  {
    domain: 'DEMO',
    name: 'Remote onboarding',
    description: 'Unattended video identification of a new client',
    serviceKind: 'video_identification_unattended',
    channels: ['email', 'sms'],
    defaultTemplate: 'Identity check invitation',
    defaultSmsTemplate: 'Identity check SMS',
  },
  {
    domain: 'DEMO',
    name: 'NFC identity check',
    description: 'Reads the chip of the identity card',
    serviceKind: 'nfc_identification',
    company: 'A7654321B',
    channels: ['sms', 'whatsapp', 'onscreen'],
    defaultTemplate: 'Identity check invitation',
    defaultSmsTemplate: 'Identity check SMS',
  },
  {
    domain: 'DEMO',
    name: 'ID card capture',
    description: 'Photos of both sides of the identity card',
    serviceKind: 'card_identification',
    company: 'A7654321B',
    channels: ['email', 'sms', 'onscreen'],
    defaultTemplate: 'Identity check invitation',
    defaultSmsTemplate: 'Identity check SMS',
  },
  {
    domain: 'DEMO',
    name: 'ID card verification',
    description: 'Checks an identity card against its issuer',
    serviceKind: 'card_verification',
    channels: ['email', 'onscreen'],
    defaultTemplate: 'Identity check invitation',
  },
  {
    domain: 'DEMO',
    name: 'Premium direct debit acceptance',
    description: 'Policy holder accepts the direct debit mandate',
    serviceKind: 'acceptance',
    company: 'A7654321B',
    channels: ['email', 'sms'],
    defaultTemplate: 'Acceptance request',
    defaultSmsTemplate: 'Short notice',
    requiresAuth: true,
    authDeadlineHours: 24,
    authoriserGroups: ['Legal'],
  },
  {
    domain: 'ACME',
    name: 'Delivery note acceptance',
    channels: ['email', 'sms', 'onscreen'],
    defaultTemplate: 'Delivery update',
    defaultSmsTemplate: 'Carrier notice',
  },
  {
    domain: 'ACME',
    name: 'Carrier contract notification',
    channels: ['postal', 'email'],
    defaultTemplate: 'Delivery update',
  },
  {
    domain: 'ACME',
    name: 'Warehouse custody',
    channels: ['email', 'onscreen'],
    custodyDays: 90,
    defaultTemplate: 'Custody notice',
  },
  { domain: 'ACME', name: 'Driver card check', channels: ['sms', 'onscreen'], defaultSmsTemplate: 'Carrier notice' },
];

/** Templates creation offers beyond those of the administration seed, so every service kind has its own. */
const TEMPLATES: { domain: string; name: string; contentType: 'HTML' | 'SMS'; subject?: string; body: string }[] = [
  {
    domain: 'DEMO',
    name: 'Acceptance request',
    contentType: 'HTML',
    subject: 'Document awaiting your acceptance',
    body: '<p>{{company}} asks you to review and accept the attached document.</p>',
  },
  {
    domain: 'DEMO',
    name: 'Short notice',
    contentType: 'SMS',
    body: '{{company}}: you have a certified notice. Open the link to read it.',
  },
  {
    domain: 'DEMO',
    name: 'Signature request',
    contentType: 'HTML',
    subject: 'Document awaiting your signature',
    body: '<p>{{company}} asks you to sign the attached document. Each signer is told when it is their turn.</p>',
  },
  {
    domain: 'DEMO',
    name: 'Identity check invitation',
    contentType: 'HTML',
    subject: 'Confirm your identity',
    body: '<p>{{company}} asks you to confirm your identity. Open the link and keep your identity card at hand.</p>',
  },
  {
    domain: 'DEMO',
    name: 'Identity check SMS',
    contentType: 'SMS',
    body: '{{company}}: confirm your identity at the link. Keep your identity card at hand.',
  },
  {
    domain: 'DEMO',
    name: 'Custody available',
    contentType: 'HTML',
    subject: 'Your documents are kept for you',
    body: '<p>{{company}} keeps your documents available. Open the link to read or download them.</p>',
  },
  {
    domain: 'DEMO',
    name: 'Accreditation request',
    contentType: 'HTML',
    subject: 'Prove your power of attorney',
    body: '<p>{{company}} asks you to prove that you act on behalf of the person you represent.</p>',
  },
  {
    domain: 'ACME',
    name: 'Carrier notice',
    contentType: 'SMS',
    body: 'Acme Transportes: you have a delivery notice. Open the link to read it.',
  },
];

async function idsByName(trx: Kysely<Database>, table: 'templates' | 'groups', domainId: string) {
  const rows = await trx
    .selectFrom(table)
    .select(['id', 'name'])
    .where('domain_id', '=', domainId)
    .where('deleted_at', 'is', null)
    .execute();
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** Shipping types and templates for creation, in the transaction that seeds the demo tenant. */
export async function seedShippingCatalogue(trx: Kysely<Database>): Promise<void> {
  const domains = new Map(
    (await trx.selectFrom('domains').select(['id', 'code']).execute()).map((row) => [row.code, row.id]),
  );
  const companies = new Map(
    (await trx.selectFrom('companies').select(['id', 'tax_id']).execute()).map((row) => [row.tax_id, row.id]),
  );
  const users = new Map(
    (await trx.selectFrom('users').select(['id', 'username']).execute()).map((row) => [row.username, row.id]),
  );
  for (const template of TEMPLATES) {
    await trx
      .insertInto('templates')
      .values({
        domain_id: domains.get(template.domain)!,
        name: template.name,
        content_type: template.contentType,
        kind: 'COMMUNICATION',
        subject: template.subject ?? null,
        body: template.body,
      })
      .execute();
  }
  for (const settings of TYPE_SETTINGS) {
    const domainId = domains.get(settings.domain)!;
    const templates = await idsByName(trx, 'templates', domainId);
    const groups = await idsByName(trx, 'groups', domainId);
    const values = {
      channels: settings.channels,
      requires_auth: settings.requiresAuth ?? false,
      auth_deadline_hours: settings.authDeadlineHours ?? 72,
      response_days: settings.responseDays ?? 15,
      custody_days: settings.custodyDays ?? null,
      default_template_id: settings.defaultTemplate ? templates.get(settings.defaultTemplate)! : null,
      default_sms_template_id: settings.defaultSmsTemplate ? templates.get(settings.defaultSmsTemplate)! : null,
    };
    let typeId = (
      await trx
        .updateTable('shipping_types')
        .set(values)
        .where('domain_id', '=', domainId)
        .where('name', '=', settings.name)
        .returning('id')
        .executeTakeFirst()
    )?.id;
    if (typeId === undefined) {
      typeId = (
        await trx
          .insertInto('shipping_types')
          .values({
            ...values,
            domain_id: domainId,
            company_id: settings.company ? companies.get(settings.company)! : null,
            name: settings.name,
            description: settings.description ?? null,
            service_kind: settings.serviceKind!,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    for (const username of settings.authoriserUsers ?? []) {
      await trx
        .insertInto('shipping_type_authorisers')
        .values({ type_id: typeId, user_id: users.get(username)! })
        .execute();
    }
    for (const group of settings.authoriserGroups ?? []) {
      await trx
        .insertInto('shipping_type_authorisers')
        .values({ type_id: typeId, group_id: groups.get(group)! })
        .execute();
    }
  }
}

/** A small, valid one-page PDF naming its subject (demo documents). */
export function demoPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

export function pdfDataUrl(title: string): string {
  return `data:application/pdf;base64,${demoPdf(title).toString('base64')}`;
}

/** The principal of a demo user, as the session would resolve it. */
export async function loadPrincipal(db: Kysely<Database>, username: string): Promise<TPrincipal> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'domain_id', 'roles', 'permissions', 'is_sandbox', 'language'])
    .where('username', '=', username)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  const companies = await db.selectFrom('user_companies').select('company_id').where('user_id', '=', user.id).execute();
  const roleKeys = detectRoles(user.roles);
  return {
    userId: user.id,
    username: user.username,
    domainId: user.domain_id,
    roles: user.roles,
    roleKeys,
    permissions: toPermissionMap(user.permissions as PermissionFlag[]),
    superAdmin: roleKeys.includes('superAdmin'),
    isSandbox: user.is_sandbox,
    language: user.language as Language,
    companyIds: companies.map((row) => row.company_id),
    sessionId: '0',
    token: '',
    expiresAt: new Date(8_640_000_000_000_000),
  };
}

const PEOPLE = [
  { name: 'Lucía Fernández Mora', email: 'lucia.fernandez@example.es', mobile: '+34612345601', dni: '12345678Z' },
  { name: 'Tiago Almeida Costa', email: 'tiago.almeida@example.pt', mobile: '+351912345602' },
  { name: 'Carmen Iglesias Ruiz', email: 'carmen.iglesias@example.es', mobile: '+34622345603', dni: '00000000T' },
  { name: 'Jorge Martín Sanz', email: 'jorge.martin@example.es', mobile: '+34632345604', nie: 'X1234567L' },
  { name: 'Inês Carvalho', email: 'ines.carvalho@example.pt', mobile: '+351932345605' },
  { name: 'Construcciones Levante S.L.', email: 'admin@levante.example.es', mobile: '+34642345606', nif: 'B12345674' },
];

/**
 * A few dozen demo shippings in the states a shipping can reach before the delivery side sends it,
 * created and moved through the same services as the API, so every event is a real one.
 */
export async function seedDemoShippings(deps: {
  db: Kysely<Database>;
  blobs: TBlobStore;
  preferences: TPreferences;
  jobs: TJobQueue;
}): Promise<number> {
  const { db } = deps;
  const creation = createShippingCreation(deps);
  const actions = createShippingActions(db, deps.jobs);
  const types = new Map(
    (await db.selectFrom('shipping_types').select(['id', 'name']).execute()).map((row) => [row.name, Number(row.id)]),
  );
  const companies = new Map(
    (await db.selectFrom('companies').select(['id', 'tax_id']).execute()).map((row) => [row.tax_id, Number(row.id)]),
  );
  const principals = new Map<string, TPrincipal>();
  const as = async (username: string) => {
    if (!principals.has(username)) principals.set(username, await loadPrincipal(db, username));
    return principals.get(username)!;
  };
  const person = (index: number) => {
    const p = PEOPLE[index % PEOPLE.length]!;
    const document = p.dni
      ? { documentType: 'DNI' as const, documentNumber: p.dni }
      : p.nie
        ? { documentType: 'NIE' as const, documentNumber: p.nie }
        : p.nif
          ? { documentType: 'NIF' as const, documentNumber: p.nif }
          : {};
    return {
      receiverType: p.nif ? (2 as const) : (1 as const),
      name: p.name,
      email: p.email,
      mobile: p.mobile,
      ...document,
    };
  };
  const send = async (username: string, request: Omit<TSendRequestInput, 'companyId'> & { company?: string }) => {
    const { company, ...rest } = request;
    const body = ZSendRequest.parse({ companyId: companies.get(company ?? 'B1234567A')!, ...rest });
    return (await creation.create(await as(username), body)).requestId;
  };
  let count = 0;

  // Waiting for an authorisation that then expires.
  for (let index = 0; index < 3; index++) {
    await send('company.user', {
      typeId: types.get('Deed acceptance')!,
      channel: 'email',
      reference: `EXP-${101 + index}`,
      subject: `Deed of sale ${101 + index} (expired authorisation)`,
      receivers: [person(index)],
      documents: [{ name: `deed-${101 + index}.pdf`, content: pdfDataUrl(`Deed of sale ${101 + index}`) }],
    });
    count++;
  }
  await actions.expireAuthorisations(new Date(Date.now() + 1000 * 3_600_000));

  const plain: [string, string, 'email' | 'sms' | 'postal' | 'onscreen' | 'whatsapp', boolean][] = [
    ['Notarial notification', 'Notice of notarial act', 'email', true],
    ['Notarial notification', 'Notice of protest', 'postal', true],
    ['Policy renewal notice', 'Home policy renewal', 'email', false],
    ['Policy renewal notice', 'Car policy renewal', 'sms', false],
    ['Certified e-mail', 'Minutes of the meeting', 'email', false],
    ['Certified SMS', 'Appointment reminder', 'sms', false],
    ['Document custody', 'Deed copy in custody', 'email', true],
    ['Power of attorney accreditation', 'Power of attorney', 'onscreen', false],
    ['Remote onboarding', 'Client onboarding', 'email', false],
    ['ID card verification', 'Identity verification', 'onscreen', false],
  ];
  for (const [index, [type, subject, channel, withDocument]] of plain.entries()) {
    await send(index % 3 === 0 ? 'company.admin' : 'company.user', {
      typeId: types.get(type)!,
      channel,
      reference: `REF-${2000 + index}`,
      subject,
      ...(channel === 'sms' && type === 'Certified SMS' && { message: 'Your appointment is tomorrow at 10:00.' }),
      receivers: [
        channel === 'postal'
          ? {
              ...person(index),
              postal: {
                streetType: 'CALLE',
                street: 'Mayor',
                streetNumber: `${index + 1}`,
                postalCode: '28013',
                city: 'Madrid',
                country: 'ES',
              },
            }
          : person(index),
      ],
      documents: withDocument
        ? [{ name: `${subject.toLowerCase().replaceAll(' ', '-')}.pdf`, content: pdfDataUrl(subject) }]
        : [],
    });
    count++;
  }

  // Waiting for authorisation, authorised by one of two, denied.
  const awaiting: number[] = [];
  for (let index = 0; index < 6; index++) {
    awaiting.push(
      await send('company.user', {
        typeId: types.get('Deed acceptance')!,
        channel: index % 2 === 0 ? 'email' : 'sms',
        reference: `DEED-${300 + index}`,
        subject: `Deed of mortgage ${300 + index}`,
        receivers: [person(index + 1)],
        documents: [{ name: `mortgage-${300 + index}.pdf`, content: pdfDataUrl(`Mortgage deed ${300 + index}`) }],
      }),
    );
    count++;
  }
  for (let index = 0; index < 3; index++) {
    const id = await send('company.user', {
      typeId: types.get('Joint deed acceptance')!,
      channel: 'email',
      reference: `JOINT-${400 + index}`,
      subject: `Joint purchase deed ${400 + index}`,
      multiSignerOrder: 1,
      pinSignatureText: 'signatureVal',
      receivers: [person(index), person(index + 2)],
      documents: [{ name: `joint-deed-${400 + index}.pdf`, content: pdfDataUrl(`Joint deed ${400 + index}`) }],
    });
    await actions.authorize(await as('company.manager'), id, 'Checked by the manager');
    count++;
  }
  for (const id of awaiting.slice(0, 2)) {
    await actions.deny(await as('company.manager'), id, {
      stateCom: 'no_auth',
      resultCom: 'authorizer_reject',
      comment: 'The buyer data does not match the deed',
    });
  }
  await actions.authorize(await as('company.manager'), awaiting[2]!, null);

  // Deleted (shown in the deleted-items area), a sandbox user's, another company's.
  await actions.remove(await as('company.admin'), awaiting[0]!);
  for (let index = 0; index < 2; index++) {
    await send('sandbox.user', {
      typeId: types.get('Certified e-mail')!,
      channel: 'email',
      reference: `SBX-${index + 1}`,
      subject: `Sandbox test ${index + 1}`,
      receivers: [person(index)],
    });
    count++;
  }
  for (const [index, type] of ['NFC identity check', 'ID card capture', 'Premium direct debit acceptance'].entries()) {
    await send('domain.admin', {
      company: 'A7654321B',
      typeId: types.get(type)!,
      channel: 'sms',
      message: 'Seguros Atlántico: complete the request we have sent you.',
      reference: `SA-${500 + index}`,
      subject: `${type} ${500 + index}`,
      receivers: [person(index + 3)],
      documents: type.includes('acceptance')
        ? [{ name: 'mandate.pdf', content: pdfDataUrl('Direct debit mandate') }]
        : [],
    });
    count++;
  }
  return count;
}
