import { EMAIL_DOMAIN_LINK_HOURS } from '@sello/contracts/catalogue/administration-identity-providers';
import type { Language } from '@sello/contracts/constants';
import { PATHS } from '@sello/contracts/routes';

type TFacts = { emailDomain: string; domainName: string; providerName: string; link: string };

const TEXTS: Record<Language, { subject: (facts: TFacts) => string; body: (facts: TFacts) => string }> = {
  'en-en': {
    subject: ({ emailDomain }) => `Confirm the e-mail domain ${emailDomain} for Sello`,
    body: ({ emailDomain, domainName, providerName }) =>
      `An administrator of ${domainName} on Sello asks that the users whose e-mail ends in @${emailDomain} sign in ` +
      `through their identity provider "${providerName}". If you manage ${emailDomain} and agree, open this link and ` +
      `confirm (it works once, for ${EMAIL_DOMAIN_LINK_HOURS} hours). If not, ignore this mail:`,
  },
  'es-es': {
    subject: ({ emailDomain }) => `Confirme el dominio de correo ${emailDomain} para Sello`,
    body: ({ emailDomain, domainName, providerName }) =>
      `Un administrador de ${domainName} en Sello pide que los usuarios cuyo correo termina en @${emailDomain} ` +
      `accedan a través de su proveedor de identidad "${providerName}". Si usted gestiona ${emailDomain} y está de ` +
      `acuerdo, abra este enlace y confirme (sirve una vez, durante ${EMAIL_DOMAIN_LINK_HOURS} horas). Si no, ignore ` +
      'este correo:',
  },
  'pt-pt': {
    subject: ({ emailDomain }) => `Confirme o domínio de e-mail ${emailDomain} para o Sello`,
    body: ({ emailDomain, domainName, providerName }) =>
      `Um administrador de ${domainName} no Sello pede que os utilizadores cujo e-mail termina em @${emailDomain} ` +
      `entrem através do seu fornecedor de identidade "${providerName}". Se gere ${emailDomain} e concorda, abra esta ` +
      `ligação e confirme (funciona uma vez, durante ${EMAIL_DOMAIN_LINK_HOURS} horas). Se não, ignore este correio:`,
  },
};

/** The console page that confirms a mailed link (hash route, like the password links). */
export function domainLinkUrl(consoleUrl: string, token: string): string {
  const base = consoleUrl.endsWith('/') ? consoleUrl : `${consoleUrl}/`;
  return `${base}#${PATHS.domainVerification}?${new URLSearchParams({ token }).toString()}`;
}

/** Subject and text of the mail, in the language of the administrator who asked for it. */
export function composeDomainLinkMail(language: Language, facts: TFacts) {
  const text = TEXTS[language] ?? TEXTS['en-en'];
  return { subject: text.subject(facts), text: `${text.body(facts)}\n\n${facts.link}\n` };
}
