import { describe, expect, it } from 'vitest';
import { isTimeZone, requestTimeZone, zoneOffsetMs } from './time-zone.ts';

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe('zoneOffsetMs', () => {
  it('reads Madrid as UTC+1 in winter and UTC+2 in summer, switching at 01:00 UTC on the last Sunday of March', () => {
    expect(zoneOffsetMs(Date.parse('2026-01-15T12:00:00Z'), 'Europe/Madrid')).toBe(HOUR);
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'Europe/Madrid')).toBe(2 * HOUR);
    expect(zoneOffsetMs(Date.parse('2026-03-29T00:59:59Z'), 'Europe/Madrid')).toBe(HOUR);
    expect(zoneOffsetMs(Date.parse('2026-03-29T01:00:00Z'), 'Europe/Madrid')).toBe(2 * HOUR);
  });

  it('keeps the minutes of zones a whole hour does not fit, and the change of one on a half hour (UTC)', () => {
    expect(zoneOffsetMs(Date.parse('2026-05-01T00:00:00Z'), 'Asia/Kathmandu')).toBe(5 * HOUR + 45 * MINUTE);
    expect(zoneOffsetMs(Date.parse('2026-01-10T00:00:00Z'), 'America/St_Johns')).toBe(-(3 * HOUR + 30 * MINUTE));
    // Adelaide leaves summer time at 03:00 local (16:30 UTC the day before), not on a whole UTC hour.
    expect(zoneOffsetMs(Date.parse('2026-04-04T16:29:59Z'), 'Australia/Adelaide')).toBe(10 * HOUR + 30 * MINUTE);
    expect(zoneOffsetMs(Date.parse('2026-04-04T16:30:00Z'), 'Australia/Adelaide')).toBe(9 * HOUR + 30 * MINUTE);
  });

  it('is zero for UTC', () => {
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'UTC')).toBe(0);
  });
});

describe('requestTimeZone', () => {
  it('takes a known zone from the Time-Zone header and answers UTC for none, an unknown or a hostile one', () => {
    expect(requestTimeZone({ 'time-zone': 'Europe/Lisbon' })).toBe('Europe/Lisbon');
    expect(requestTimeZone({})).toBe('UTC');
    expect(requestTimeZone({ 'time-zone': 'Mars/Olympus_Mons' })).toBe('UTC');
    expect(requestTimeZone({ 'time-zone': `Europe/${'x'.repeat(5000)}` })).toBe('UTC');
    expect(isTimeZone('<script>')).toBe(false);
  });
});
