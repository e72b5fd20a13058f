import enGB from 'antd/locale/en_GB';
import 'dayjs/locale/en-gb';
import { setDayjsLocale } from './dayjs-locale.ts';

/** English for antd and dayjs; a chunk of its own, loaded only when the console speaks English. */
export function applyLocale() {
  setDayjsLocale('en-gb');
  return enGB;
}
