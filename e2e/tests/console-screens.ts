import { withDatabase } from './helpers.ts';

/** Ids of one record of each kind the console edits, in the demo domain of domain.admin. */
export async function demoIds() {
  return withDatabase(async (client) => {
    const one = async (sql: string) => {
      const { rows } = await client.query<{ id: string }>(sql);
      return rows[0]?.id;
    };
    const domain = await one("SELECT id FROM domains WHERE code = 'DEMO'");
    return {
      domain: domain!,
      shipping: await one(`SELECT id FROM shippings WHERE domain_id = ${domain} ORDER BY id LIMIT 1`),
      type: await one(`SELECT id FROM shipping_types WHERE domain_id = ${domain} ORDER BY id LIMIT 1`),
      template: await one(`SELECT id FROM templates WHERE domain_id = ${domain} ORDER BY id LIMIT 1`),
      company: await one(`SELECT id FROM companies WHERE domain_id = ${domain} ORDER BY id LIMIT 1`),
      user: await one("SELECT id FROM users WHERE username = 'company.user'"),
      group: await one(`SELECT id FROM groups WHERE domain_id = ${domain} ORDER BY id LIMIT 1`),
      certificate: await one(`SELECT id FROM certificates WHERE domain_id = ${domain} ORDER BY id LIMIT 1`),
      samlCertificate: await one(`SELECT id FROM saml_certificates WHERE domain_id = ${domain} ORDER BY id LIMIT 1`),
    };
  });
}

type TIds = Awaited<ReturnType<typeof demoIds>>;

/**
 * Every console screen a domain administrator reaches (the edit screens of the records that exist). A list
 * is visited once, per domain: `/administration/{kind}` draws the same screen.
 */
export function adminScreens(ids: TIds): string[] {
  const d = ids.domain;
  const edits: [string, string | undefined][] = [
    ['domains', d],
    ['companies', ids.company],
    ['users', ids.user],
    ['groups', ids.group],
    ['certificates', ids.certificate],
    ['samlcertificates', ids.samlCertificate],
  ];
  return [
    '/home',
    '/shippings',
    '/shippings/all',
    ...(ids.shipping ? [`/shippings/detail/${ids.shipping}`, `/shippings/create/${ids.shipping}`] : []),
    '/shippings/create',
    '/shippings/import',
    '/shippings/import/template',
    '/imports-list',
    '/types',
    '/types/create',
    ...(ids.type ? [`/types/edit/${ids.type}`] : []),
    '/templates',
    '/templates/sms',
    '/templates/create',
    '/templates/create?contentType=SMS',
    ...(ids.template ? [`/templates/edit/${ids.template}`] : []),
    '/account',
    '/faqs',
    '/administration',
    '/administration/deleted',
    '/administration/postal',
    '/administration/audit',
    ...edits.flatMap(([kind, id]) => [
      `/administration/${kind}/${d}`,
      `/administration/${kind}/create/${d}`,
      ...(id ? [`/administration/${kind}/edit/${id}/${d}`] : []),
    ]),
  ];
}
