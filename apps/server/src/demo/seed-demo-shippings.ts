import { type TSendRequestInput, ZSendRequest } from '@sello/contracts/catalogue/shippings-create';
import type { Kysely } from 'kysely';
import type { TConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { createShippingSmsComposer } from '../delivery/new-shipping-sms.ts';
import type { TBlobStore } from '../platform/blob-store.ts';
import type { TJobQueue } from '../platform/jobs.ts';
import { type TPrincipal, toPrincipal } from '../platform/principal.ts';
import type { TPreferences } from '../preferences/preferences.service.ts';
import { createShippingActions } from '../shippings/shipping-actions.service.ts';
import { createShippingCreation } from '../shippings/shipping-create.service.ts';
import { pdfDataUrl } from './demo-pdf.ts';
import { closeAuthorisationWindows } from './demo-shippings.queries.ts';

/** The principal of a demo user, as the session would resolve it. */
async function loadPrincipal(db: Kysely<Database>, username: string): Promise<TPrincipal> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'domain_id', 'roles', 'permissions', 'is_sandbox', 'language'])
    .where('username', '=', username)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  const companies = await db.selectFrom('user_companies').select('company_id').where('user_id', '=', user.id).execute();
  return toPrincipal(
    {
      userId: user.id,
      username: user.username,
      domainId: user.domain_id,
      roles: user.roles,
      permissions: user.permissions,
      isSandbox: user.is_sandbox,
      language: user.language,
      companyIds: companies.map((row) => row.company_id),
    },
    { sessionId: '0', token: '', expiresAt: new Date(8_640_000_000_000_000) },
  );
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
  config: TConfig;
}): Promise<number> {
  const { db } = deps;
  const creation = createShippingCreation({ ...deps, composeSms: createShippingSmsComposer(deps) });
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
    const body = ZSendRequest.parse({ companyId: companies.get(company ?? 'B12345674')!, ...rest });
    return (await creation.sendRequest(await as(username), body)).requestId;
  };
  let count = 0;

  // Waiting for an authorisation whose window closes at once, so that it expires now.
  const expiring: number[] = [];
  for (let index = 0; index < 3; index++) {
    const id = await send('company.user', {
      typeId: types.get('Deed acceptance')!,
      channel: 'email',
      reference: `EXP-${101 + index}`,
      subject: `Deed of sale ${101 + index} (expired authorisation)`,
      receivers: [person(index)],
      documents: [{ name: `deed-${101 + index}.pdf`, content: pdfDataUrl(`Deed of sale ${101 + index}`) }],
    });
    expiring.push(id);
    count++;
  }
  await closeAuthorisationWindows(db, expiring, new Date());
  await actions.expireAuthorisations();

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
      // The renewal template names the policy and its date: custom fields of the same names fill them.
      ...(type === 'Policy renewal notice' && {
        customFields: { policy: `POL-${2000 + index}`, date: '1 January 2027' },
      }),
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
    await actions.authorizeOne(await as('company.manager'), id, 'Checked by the manager');
    count++;
  }
  for (const id of awaiting.slice(0, 2)) {
    await actions.deny(await as('company.manager'), id, {
      stateCom: 'no_auth',
      resultCom: 'authorizer_reject',
      comment: 'The buyer data does not match the deed',
    });
  }
  await actions.authorizeOne(await as('company.manager'), awaiting[2]!, null);

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
      company: 'A76543214',
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
