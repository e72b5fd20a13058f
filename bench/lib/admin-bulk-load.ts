// Bulk data for the admin-lists bench: users, companies, their links, groups, certificates and domains,
// inserted with set-based SQL (INSERT … SELECT over generate_series) in one transaction. Values are
// varied and deterministic (hashint4 of the row number picks each part) and satisfy the patterns of
// packages/contracts/src/patterns.ts: usernames, e-mails, tax ids, ES VAT numbers, group names.
import type { TDatabase } from '../../apps/server/src/db/database.ts';

type TPool = TDatabase['pool'];

export type TBulkSizes = {
  /** Live users added to the domain (on top of the demo users). */
  users: number;
  /** Soft-deleted users added to the domain's bin. */
  deletedUsers: number;
  companies: number;
  groups: number;
  certificates: number;
  /** Further (empty) domains, so the domains list is more than the two demo ones. */
  domains: number;
};

export type TBulkCounts = {
  users: number;
  deletedUsers: number;
  blockedUsers: number;
  companies: number;
  userCompanies: number;
  groups: number;
  userGroups: number;
  certificates: number;
  domains: number;
};

/** The comma-separated items of a text, trimmed. */
const list = (text: string) =>
  text
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);

const FIRST_NAMES = list(`
Sofía, Daniel, Alba, Marta, Javier, Lucía, Hugo, Martina, Pablo, Paula, Álvaro, Carmen, Mateo,
Valeria, Adrián, Julia, Diego, Noa, Manuel, Elena, Sergio, Irene, Jorge, Claudia, Iñaki, Nerea,
Raúl, Sara, Andrés, Laura, Joan, Montserrat, Jordi, Núria, Xabier, Ainhoa, João, Inês, Tiago,
Beatriz, Rui, Leonor, Gonçalo, Mariana, Thomas, Emma, Oliver, Chloe, Lucas, Camille, Marco, Giulia,
Ana, Carlos, María José, Juan Carlos, Begoña, Ramón, Rocío, Fernando, Pilar, Ignacio, Cristina,
Rodrigo, Patricia, Óscar, Yolanda, Víctor, Silvia
`);
const SURNAMES = list(`
García, Fernández, González, Rodríguez, López, Martínez, Sánchez, Pérez, Gómez, Martín, Jiménez,
Ruiz, Hernández, Díaz, Moreno, Muñoz, Álvarez, Romero, Alonso, Gutiérrez, Navarro, Torres,
Domínguez, Vázquez, Ramos, Gil, Ramírez, Serrano, Blanco, Molina, Morales, Suárez, Ortega, Delgado,
Castro, Ortiz, Rubio, Marín, Sanz, Núñez, Iglesias, Medina, Garrido, Cortés, Castillo, Santos,
Lozano, Guerrero, Cano, Prieto, Méndez, Cruz, Calvo, Gallego, Vidal, León, Márquez, Herrera, Peña,
Flores, Cabrera, Campos, Vega, Fuentes, Carrasco, Diez, Caballero, Reyes, Nieto, Aguilar, Pascual,
Santana, Herrero, Lorenzo, Montero, Hidalgo, Giménez, Ibáñez, Ferrer, Durán, Santiago, Benítez,
Mora, Vicente, Vargas, Arias, Carmona, Crespo, Román, Pastor, Soto, Sáez, Velasco, Moya, Soler,
Parra, Esteban, Bravo, Gallardo, Rojas, Silva, Pereira, Costa, Oliveira, Ferreira, Rodrigues,
Sousa, Lopes, Smith, Brown, Taylor, Wilson, Dubois, Rossi, Müller, Echeverría, Goikoetxea, Puig,
Vilalta
`);
const MAIL_DOMAINS = list(`
gmail.com, hotmail.com, outlook.es, yahoo.es, telefonica.net, notaria-central.es,
atlantico-seguros.es, gestoria-norte.com, sapo.pt, correo.gob.es, empresa.cat, mail.com
`);
const COMPANY_WORDS = list(`
Atlántico, Ibérica, Levante, Cantábrico, Mediterránea, del Norte, del Sur, Castellana, Galaica,
Balear, Canaria, Andaluza, Navarra, Riojana, Astur, Lusitana, Central, Peninsular, Europea, Global,
Integral, Moderna, Nueva, Unida, Hispana, Aragonesa, Extremeña, Manchega, Vasca
`);
const COMPANY_SECTORS = list(`
Transportes, Seguros, Notaría, Gestoría, Asesores, Construcciones, Inmobiliaria, Logística,
Distribuciones, Abogados, Consultores, Ingeniería, Farmacia, Clínica, Hostelería, Energía,
Telecomunicaciones, Alimentación, Textil, Automoción, Editorial, Servicios, Almacenes, Mensajería
`);
const LEGAL_FORMS = list(`
S.L., S.A., S.L.U., S.Coop., Lda., S.L.P.
`);
const GROUP_WORDS = list(`
Madrid, Barcelona, Valencia, Sevilla, Bilbao, Zaragoza, Lisboa, Oporto, Malaga, Murcia, Claims,
Dispatch, Back office, Front office, Legal, Finance, Audit, Support, Sales, Notaries
`);
/** First letters of Spanish company tax ids (the letter tells the legal form). */
const TAX_ID_LETTERS = 'ABCDEFGHJNPQRSUVW';

/** The ASCII form of a name for usernames and e-mails: no accents, ñ as n, no spaces. */
const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** A pseudo-random, deterministic non-negative int for row `i` and stream `k`, in SQL. */
const h = (i: string, k: number) => `(hashint4((${i})::int * 7 + ${k}) & 2147483647)`;

async function count(pool: TPool, text: string, values: unknown[] = []): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(text, values);
  return rows[0]?.n ?? 0;
}

/**
 * Loads the bulk data into `domainId` in one transaction, then VACUUM ANALYZE so the planner and the
 * visibility map are as a running system's autovacuum would leave them.
 */
export async function bulkLoad(
  pool: TPool,
  domainId: string,
  sizes: TBulkSizes,
  passwordHash: string,
): Promise<TBulkCounts> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL synchronous_commit = off');

    // Users: "Nombre Apellido Apellido", usernames like maria.garcia123 / mgarcia_123 / garcia-maria123
    // (unique by the row number), e-mails at a handful of providers. Roles mostly users; 1% blocked,
    // 3% inactive, 1% sandbox; the last `deletedUsers` rows go to the bin.
    const total = sizes.users + sizes.deletedUsers;
    await client.query(
      `WITH firsts AS (SELECT k - 1 AS k, name, ascii FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS t(name, ascii, k)),
            lasts AS (SELECT k - 1 AS k, name, ascii FROM unnest($4::text[], $5::text[]) WITH ORDINALITY AS t(name, ascii, k)),
            mails AS (SELECT k - 1 AS k, name FROM unnest($6::text[]) WITH ORDINALITY AS t(name, k)),
            n AS (SELECT i, ${h('i', 1)} AS h1, ${h('i', 2)} AS h2, ${h('i', 3)} AS h3, ${h('i', 4)} AS h4,
                         ${h('i', 5)} AS h5 FROM generate_series(1, $7::int) AS i)
       INSERT INTO users (domain_id, username, name, email, password_hash, roles, permissions, language, is_sandbox,
                          blocked, active, last_login_at, created_at, updated_at, deleted_at)
       SELECT $1,
              CASE n.h4 % 4 WHEN 0 THEN f.ascii || '.' || l1.ascii || n.i
                            WHEN 1 THEN left(f.ascii, 1) || l1.ascii || '_' || n.i
                            WHEN 2 THEN l1.ascii || '-' || f.ascii || n.i
                            ELSE f.ascii || l1.ascii || l2.ascii || n.i END,
              f.name || ' ' || l1.name || ' ' || l2.name,
              CASE n.h4 % 3 WHEN 0 THEN f.ascii || '.' || l1.ascii || (n.i % 1000)
                            WHEN 1 THEN left(f.ascii, 1) || l1.ascii || l2.ascii
                            ELSE f.ascii || '_' || l2.ascii || (n.i % 97) END || '@' || m.name,
              $8,
              CASE WHEN n.h5 % 100 < 2 THEN ARRAY['cust_ctr_admin'] WHEN n.h5 % 100 < 12 THEN ARRAY['cust_ctr_mgr']
                   ELSE ARRAY['cust_ctr_user'] END,
              ARRAY['shippingList', 'newSend', 'editMode'],
              CASE WHEN n.h5 % 10 < 7 THEN 'es-es' WHEN n.h5 % 10 < 9 THEN 'pt-pt' ELSE 'en-en' END,
              n.h1 % 100 = 0,
              n.h2 % 100 = 7,
              n.h3 % 100 >= 3,
              CASE WHEN n.h4 % 10 = 0 THEN NULL ELSE now() - (n.h1 % 15552000) * interval '1 second' END,
              now() - interval '3 years' + (n.i::float8 / $7) * interval '1085 days',
              now() - (n.h2 % 2592000) * interval '1 second',
              CASE WHEN n.i > $9 THEN now() - (n.h3 % 2592000) * interval '1 second' END
       FROM n
       JOIN firsts f ON f.k = n.h1 % cardinality($2::text[])
       JOIN lasts l1 ON l1.k = n.h2 % cardinality($4::text[])
       JOIN lasts l2 ON l2.k = n.h3 % cardinality($4::text[])
       JOIN mails m ON m.k = n.h5 % cardinality($6::text[])`,
      [
        domainId,
        FIRST_NAMES,
        FIRST_NAMES.map(ascii),
        SURNAMES,
        SURNAMES.map(ascii),
        MAIL_DOMAINS,
        total,
        passwordHash,
        sizes.users,
      ],
    );

    // Companies: "Transportes Atlántico 123 S.L.", tax ids letter + 7 digits + digit (unique: the digits
    // are the row number times a number prime to 10^7), 60% with an ES VAT number, 5% inactive.
    await client.query(
      `WITH words AS (SELECT k - 1 AS k, name FROM unnest($2::text[]) WITH ORDINALITY AS t(name, k)),
            sectors AS (SELECT k - 1 AS k, name FROM unnest($3::text[]) WITH ORDINALITY AS t(name, k)),
            forms AS (SELECT k - 1 AS k, name FROM unnest($4::text[]) WITH ORDINALITY AS t(name, k)),
            n AS (SELECT i, ${h('i', 11)} AS h1, ${h('i', 12)} AS h2, ${h('i', 13)} AS h3,
                         substr($5, 1 + ${h('i', 14)} % length($5), 1)
                           || lpad(((i::bigint * 7919) % 10000000)::text, 7, '0') || (i % 10) AS tax_id
                  FROM generate_series(1, $6::int) AS i)
       INSERT INTO companies (domain_id, name, tax_id, vat_number, email, cc_emails, active, created_at, updated_at)
       SELECT $1,
              s.name || ' ' || w.name || ' ' || (n.i % 997) || ' ' || f.name,
              n.tax_id,
              CASE WHEN n.h3 % 10 < 6 THEN 'ES' || n.tax_id END,
              CASE WHEN n.h3 % 10 < 9 THEN 'info@' || lower(translate(s.name, 'áéíóúñ', 'aeioun')) || n.i || '.es' END,
              CASE WHEN n.h3 % 10 = 0 THEN 'avisos' || n.i || '@empresa.es; copia' || n.i || '@empresa.es' END,
              n.h2 % 20 <> 0,
              now() - interval '3 years' + (n.i::float8 / $6) * interval '1085 days',
              now() - (n.h1 % 2592000) * interval '1 second'
       FROM n
       JOIN words w ON w.k = n.h1 % cardinality($2::text[])
       JOIN sectors s ON s.k = n.h2 % cardinality($3::text[])
       JOIN forms f ON f.k = n.h3 % cardinality($4::text[])`,
      [domainId, COMPANY_WORDS, COMPANY_SECTORS, LEGAL_FORMS, TAX_ID_LETTERS, sizes.companies],
    );

    // Links: 60% of the new users in one company, a further 10% in a second one.
    await client.query(
      `WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM companies WHERE domain_id = $1 AND deleted_at IS NULL),
            u AS (SELECT id, ${h('id', 21)} AS h1, ${h('id', 22)} AS h2 FROM users
                  WHERE domain_id = $1 AND id > (SELECT max(id) - $2 FROM users))
       INSERT INTO user_companies (user_id, company_id)
       SELECT u.id, c.ids[1 + u.h2 % cardinality(c.ids)] FROM u, c WHERE u.h1 % 10 < 7
       UNION
       SELECT u.id, c.ids[1 + (u.h2 + 1 + u.h1 % 97) % cardinality(c.ids)] FROM u, c WHERE u.h1 % 10 = 0`,
      [domainId, total],
    );

    // Groups: "Madrid Claims 012"-like names of restricted text, 30% of the users in one group.
    await client.query(
      `WITH words AS (SELECT k - 1 AS k, name FROM unnest($2::text[]) WITH ORDINALITY AS t(name, k))
       INSERT INTO groups (domain_id, name, description, active)
       SELECT $1, a.name || ' ' || b.name || ' ' || lpad(i::text, 3, '0'),
              CASE WHEN i % 3 <> 0 THEN 'Team ' || i || ' of ' || a.name END, i % 25 <> 0
       FROM generate_series(1, $3::int) AS i
       JOIN words a ON a.k = i % 10 JOIN words b ON b.k = 10 + (i / 10) % 10`,
      [domainId, GROUP_WORDS, sizes.groups],
    );
    await client.query(
      `WITH g AS (SELECT array_agg(id ORDER BY id) AS ids FROM groups WHERE domain_id = $1 AND deleted_at IS NULL)
       INSERT INTO user_groups (user_id, group_id)
       SELECT u.id, g.ids[1 + ${h('u.id', 31)} % cardinality(g.ids)] FROM users u, g
       WHERE u.domain_id = $1 AND u.id > (SELECT max(id) - $2 FROM users) AND ${h('u.id', 32)} % 10 < 3`,
      [domainId, total],
    );

    // Certificates: what the list shows (the PEM and the sealed key are placeholders nobody reads here).
    await client.query(
      `INSERT INTO certificates (domain_id, name, alias, active, subject, subject_cn, issuer, issuer_cn, serial_number,
                                 valid_from, valid_to, key_usage, extended_key_usage, key_algorithm,
                                 fingerprint_sha256, chain_pem, private_key_sealed, private_key_key_id)
       SELECT $1, 'Seal ' || lpad(i::text, 4, '0'), CASE WHEN i % 2 = 0 THEN 'seal-' || i END, i % 10 <> 0,
              'CN=Seal ' || i || ', O=Sello Demo, C=ES', 'Seal ' || i, 'CN=Demo CA ' || (i % 3) || ', O=Demo CA, C=ES',
              'Demo CA ' || (i % 3), md5(i::text), now() - interval '400 days' + i * interval '1 day',
              now() - interval '30 days' + i * interval '5 days', ARRAY['digitalSignature', 'nonRepudiation'],
              ARRAY['emailProtection'], 'RSA 2048', encode(sha256(i::text::bytea), 'hex'),
              '-----BEGIN CERTIFICATE-----\nplaceholder\n-----END CERTIFICATE-----\n', '\\x00'::bytea, 'bench'
       FROM generate_series(1, $2::int) AS i`,
      [domainId, sizes.certificates],
    );

    // Further domains, named to sort after the demo ones: the first page shows the big domain.
    await client.query(
      `INSERT INTO domains (code, name, description, domain_type)
       SELECT 'BENCH' || lpad(i::text, 3, '0'), 'Tenant ' || lpad(i::text, 3, '0'), 'Bench tenant ' || i,
              (ARRAY['ENTERPRISE', 'PUBLIC_ADMINISTRATION', 'RESELLER', 'SANDBOX'])[1 + i % 4]
       FROM generate_series(1, $1::int) AS i`,
      [sizes.domains],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  await pool.query('VACUUM (ANALYZE)');

  const live = 'domain_id = $1 AND deleted_at IS NULL';
  return {
    users: await count(pool, `SELECT count(*)::int AS n FROM users WHERE ${live}`, [domainId]),
    deletedUsers: await count(
      pool,
      'SELECT count(*)::int AS n FROM users WHERE domain_id = $1 AND deleted_at IS NOT NULL',
      [domainId],
    ),
    blockedUsers: await count(pool, `SELECT count(*)::int AS n FROM users WHERE ${live} AND blocked`, [domainId]),
    companies: await count(pool, `SELECT count(*)::int AS n FROM companies WHERE ${live}`, [domainId]),
    userCompanies: await count(pool, 'SELECT count(*)::int AS n FROM user_companies'),
    groups: await count(pool, `SELECT count(*)::int AS n FROM groups WHERE ${live}`, [domainId]),
    userGroups: await count(pool, 'SELECT count(*)::int AS n FROM user_groups'),
    certificates: await count(pool, `SELECT count(*)::int AS n FROM certificates WHERE ${live}`, [domainId]),
    domains: await count(pool, 'SELECT count(*)::int AS n FROM domains WHERE deleted_at IS NULL'),
  };
}
