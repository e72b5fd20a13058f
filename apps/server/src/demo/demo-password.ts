/**
 * Password of every demo account; printed at start and listed in the README. A file of its own, with no
 * imports, so the browser tests' settings (e2e/e2e-env.ts) can share it.
 */
export const DEMO_PASSWORD = 'Sello-Demo-2026';
