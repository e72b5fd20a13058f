import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';

dayjs.extend(localizedFormat);

/** Dates follow the console language; the locale must have been registered by importing it. */
export function setDayjsLocale(name: string): void {
  dayjs.locale(name);
}
