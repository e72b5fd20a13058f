import esES from 'antd/locale/es_ES';
import 'dayjs/locale/es';
import { setDayjsLocale } from './dayjs-locale.ts';

/** Spanish for antd and dayjs; a chunk of its own, loaded only when the console speaks Spanish. */
export function applyLocale() {
  setDayjsLocale('es');
  return esES;
}
