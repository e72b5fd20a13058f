import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@sello/contracts/constants';
import type { Channel, ServiceKind } from '@sello/contracts/enums';
import type { TLocalisedText } from '@sello/contracts/reference/localised-text';
import { NOTICE_METHOD_INFO } from '@sello/contracts/reference/notice-methods';
import { SERVICE_NAMES } from '@sello/contracts/reference/services';
import { SIGN_METHOD_INFO, type SignMethod } from '@sello/contracts/reference/sign-methods';

function inLanguage(texts: TLocalisedText, language: string): string {
  return texts[(LANGUAGES as readonly string[]).includes(language) ? (language as Language) : DEFAULT_LANGUAGE];
}

export const serviceName = (kind: ServiceKind, language: string) => inLanguage(SERVICE_NAMES[kind], language);

export function channelName(channel: Channel, language: string): string {
  const method = Object.values(NOTICE_METHOD_INFO).find((info) => info.channel === channel);
  return method ? inLanguage(method.texts, language) : channel;
}

export function signMethodName(method: string, language: string): string {
  const info = SIGN_METHOD_INFO[method as SignMethod];
  return info ? inLanguage(info.texts, language) : method;
}

export const typesPaths = {
  list: '/types',
  create: '/types/create',
  edit: (id: number) => `/types/edit/${id}`,
};
