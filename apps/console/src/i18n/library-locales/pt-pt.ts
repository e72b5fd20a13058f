import ptPT from 'antd/locale/pt_PT';
import 'dayjs/locale/pt';
import { setDayjsLocale } from './dayjs-locale.ts';

/** Portuguese for antd and dayjs; a chunk of its own, loaded only when the console speaks Portuguese. */
export function applyLocale() {
  setDayjsLocale('pt');
  return ptPT;
}
