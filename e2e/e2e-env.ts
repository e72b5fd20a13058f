/** Where the browser tests' own server and database live; apart from `npm start`'s. */
export const E2E = {
  port: 8091,
  baseUrl: 'http://127.0.0.1:8091',
  pgPort: 54391,
  databaseUrl: 'postgres://sello:sello-embedded@127.0.0.1:54391/sello',
  password: 'Sello-Demo-2026',
} as const;
