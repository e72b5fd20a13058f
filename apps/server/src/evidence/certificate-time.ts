/**
 * The zone every time of a certificate is written in: the provider's seat (Spain), whatever the certificate's
 * language, with its UTC offset named beside so a reader anywhere converts it without a table of zones.
 */
export const CERTIFICATE_TIME_ZONE = 'Europe/Madrid';

const FORMATS = new Map<string, { parts: Intl.DateTimeFormat; offset: Intl.DateTimeFormat }>();

function formatsFor(timeZone: string) {
  let formats = FORMATS.get(timeZone);
  if (!formats) {
    const common = { timeZone, hourCycle: 'h23' } as const;
    formats = {
      parts: new Intl.DateTimeFormat('en-GB', {
        ...common,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        timeZoneName: 'short',
      }),
      offset: new Intl.DateTimeFormat('en-GB', { ...common, timeZoneName: 'longOffset' }),
    };
    FORMATS.set(timeZone, formats);
  }
  return formats;
}

/** `2026-12-07 09:14:03 CET (UTC+01:00)`: the instant to the second, its zone's name and offset. */
export function formatInstant(value: Date | string, timeZone: string = CERTIFICATE_TIME_ZONE): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const { parts, offset } = formatsFor(timeZone);
  const part = (type: Intl.DateTimeFormatPartTypes, of = parts) =>
    of.formatToParts(date).find((entry) => entry.type === type)?.value ?? '';
  const gmt = part('timeZoneName', offset).replace(/^GMT/, '');
  const utcOffset = `UTC${gmt === '' ? '+00:00' : gmt}`;
  const zone = part('timeZoneName');
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  const time = `${part('hour')}:${part('minute')}:${part('second')}`;
  // A zone without an abbreviation of its own is named by its offset alone.
  const named = zone === '' || zone.startsWith('GMT') ? '' : `${zone} `;
  return `${day} ${time} ${named}(${utcOffset})`;
}
