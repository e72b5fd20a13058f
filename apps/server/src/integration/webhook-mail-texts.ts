import { LANGUAGES, type Language } from '@sello/contracts/constants';

type TDisabledMail = { company: string; url: string; attempts: number };

/** The mail that tells a company's administrators an endpoint was disabled, in each administrator's language. */
const DISABLED_MAIL: Record<Language, (values: TDisabledMail) => { subject: string; text: string }> = {
  'es-es': ({ company, url, attempts }) => ({
    subject: `Sello: webhook desactivado para ${company}`,
    text:
      `El webhook ${url} de ${company} ha fallado en todos los intentos de entrega (${attempts}) y se ha desactivado. ` +
      'Su registro de entregas muestra las respuestas; actívelo de nuevo en Administración > Empresas > Webhooks ' +
      'cuando responda, y vuelva a enviar los eventos perdidos.',
  }),
  'en-en': ({ company, url, attempts }) => ({
    subject: `Sello: webhook endpoint disabled for ${company}`,
    text:
      `The webhook endpoint ${url} of ${company} failed every delivery attempt (${attempts}) and has been disabled. ` +
      'Its delivery log shows the answers; enable it again in Administration > Companies > Webhooks once it ' +
      'answers, and send the missed events again.',
  }),
  'pt-pt': ({ company, url, attempts }) => ({
    subject: `Sello: webhook desativado para ${company}`,
    text:
      `O webhook ${url} de ${company} falhou todas as tentativas de entrega (${attempts}) e foi desativado. ` +
      'O seu registo de entregas mostra as respostas; ative-o de novo em Administração > Empresas > Webhooks ' +
      'quando responder, e volte a enviar os eventos perdidos.',
  }),
};

export function composeDisabledMail(language: string, values: TDisabledMail) {
  const known = (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'es-es';
  return DISABLED_MAIL[known](values);
}
