import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      FRONTEND_SESSION_TIME_MINUTES: 5,
      LOGIN_MAX_FAILED_ATTEMPTS: 5,
      LOGIN_LOCK_MINUTES: 15,
      SEED_DEMO: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('lists every bad variable in one message', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOGIN_MAX_FAILED_ATTEMPTS: '0' })).toThrow(
      /Invalid configuration:\n {2}PORT: .*\n {2}DATABASE_URL: .*\n {2}LOGIN_MAX_FAILED_ATTEMPTS: /,
    );
  });

  it('takes a metrics token of 32 characters or more, and refuses a shorter one', () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'm'.repeat(32) }).METRICS_TOKEN).toBe('m'.repeat(32));
    expect(() => loadConfig({ METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN: must be at least 32 characters/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ SMTP_URL: '', PORT: '' }).PORT).toBe(8080);
  });

  it('accepts a PostgreSQL URL and SMTP URL', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@db:5432/sello',
      SMTP_URL: 'smtp://mail:25',
      // Production (the default) with an external database needs the certificate key.
      CERTIFICATE_ENCRYPTION_KEY: 'a1'.repeat(32),
    });
    expect(config.DATABASE_URL).toBe('postgres://u:p@db:5432/sello');
    expect(config.SMTP_URL).toBe('smtp://mail:25');
  });

  it('takes an owner URL for migrations beside DATABASE_URL, on the same database under another role', () => {
    const app = 'postgres://sello_app:pw@db.internal:5432/sello';
    const owner = 'postgres://sello_owner:pw@db.internal:5432/sello';
    const both = { NODE_ENV: 'test', DATABASE_URL: app, DATABASE_OWNER_URL: owner };
    expect(loadConfig(both).DATABASE_OWNER_URL).toBe(owner);
    expect(() => loadConfig({ DATABASE_OWNER_URL: owner })).toThrow(/DATABASE_OWNER_URL: goes with DATABASE_URL/);
    expect(() => loadConfig({ ...both, DATABASE_OWNER_URL: app.replace(':pw@', ':other@') })).toThrow(
      /DATABASE_OWNER_URL: must name another role than DATABASE_URL/,
    );
    expect(() => loadConfig({ ...both, DATABASE_OWNER_URL: owner.replace(':5432/sello', ':5432/elsewhere') })).toThrow(
      /DATABASE_OWNER_URL: must name the same server and database as DATABASE_URL/,
    );
  });

  it('refuses a lock time that is not a whole number of minutes from 1 to 1440', () => {
    for (const value of ['0', '-5', '2.5', '1441', 'soon']) {
      expect(() => loadConfig({ LOGIN_LOCK_MINUTES: value })).toThrow(/LOGIN_LOCK_MINUTES/);
    }
    expect(loadConfig({ LOGIN_LOCK_MINUTES: '60' }).LOGIN_LOCK_MINUTES).toBe(60);
  });

  it('keeps audit records five years unless told, and refuses less than a year', () => {
    expect(loadConfig({}).AUDIT_RETENTION_DAYS).toBe(1825);
    for (const value of ['0', '364', '2.5', 'forever']) {
      expect(() => loadConfig({ AUDIT_RETENTION_DAYS: value })).toThrow(/AUDIT_RETENTION_DAYS/);
    }
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '3650' }).AUDIT_RETENTION_DAYS).toBe(3650);
  });

  it('refuses a boolean that is not true/false/1/0', () => {
    expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
  });
});
