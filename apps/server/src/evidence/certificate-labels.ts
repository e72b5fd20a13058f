import type { EvidenceGroup } from '@sello/contracts/evidence-groups';

export type TCertificateLanguage = 'es-es' | 'en-en' | 'pt-pt';

type TLabels = {
  title: string;
  intro: string;
  nonReportTitle: string;
  nonReportIntro: string;
  situation: string;
  provider: string;
  issuedAt: string;
  shipping: string;
  reference: string;
  subject: string;
  service: string;
  channel: string;
  state: string;
  result: string;
  sender: string;
  company: string;
  receivers: string;
  formData: string;
  documents: string;
  events: string;
  chainHead: string;
  chainNote: string;
  system: string;
  utc: string;
  postalAddress: string;
  letterReference: string;
  courierReference: string;
  deliveredOn: string;
  letterStatus: string;
  sandbox: string;
  signature: string;
  pinChannel: string;
  sentTo: string;
  certificateSubject: string;
  certificateSerial: string;
  certificateFingerprint: string;
  signedBy: string;
  signatureSummary: string;
  authoriser: string;
  receiverRole: string;
  userRole: string;
  timeZoneNote: string;
  verifyTitle: string;
  verifyIntro: string;
  sealCertificate: string;
  sealFingerprint: string;
  timestamp: string;
  timestampText: string;
  demoTsa: string;
  verificationCode: string;
  verificationPage: string;
  qrAlt: string;
  handOverKiosk: string;
  handOverQr: string;
  handOverTo: string;
  groups: Record<EvidenceGroup, string>;
};

/** The certificate's words in the sender's language. */
export const CERTIFICATE_LABELS: Record<TCertificateLanguage, TLabels> = {
  'es-es': {
    title: 'Certificado de entrega electrónica',
    intro: 'El prestador certifica los hechos siguientes, registrados en su cadena de evidencias.',
    nonReportTitle: 'Informe de no entrega',
    nonReportIntro: 'El prestador certifica que el envío no llegó a su destinatario, por lo que consta a continuación.',
    situation: 'Situación',
    provider: 'Prestador',
    issuedAt: 'Emitido el',
    shipping: 'Envío',
    reference: 'Referencia',
    subject: 'Asunto',
    service: 'Servicio',
    channel: 'Canal',
    state: 'Estado',
    result: 'Resultado',
    sender: 'Remitente',
    company: 'Empresa',
    receivers: 'Destinatarios',
    formData: 'Datos del formulario',
    documents: 'Documentos (SHA-256)',
    events: 'Eventos',
    chainHead: 'Hash final de la cadena',
    chainNote: 'Cada evento incluye el hash del anterior; el último sella todos.',
    system: 'sistema',
    utc: 'UTC',
    postalAddress: 'Dirección postal',
    letterReference: 'Referencia de la carta',
    courierReference: 'Referencia del mensajero',
    deliveredOn: 'Fecha de entrega',
    letterStatus: 'Estado de la carta',
    sandbox: 'pruebas',
    signature: 'Firma',
    pinChannel: 'canal del PIN',
    sentTo: 'enviado a',
    certificateSubject: 'certificado de un solo uso para',
    certificateSerial: 'número de serie',
    certificateFingerprint: 'huella SHA-256',
    signedBy: 'Firmado por',
    signatureSummary: 'Resumen de firmas',
    authoriser: 'Autorizador',
    receiverRole: 'Destinatario',
    userRole: 'Usuario',
    timeZoneNote: 'Horas en la zona de Madrid, con su diferencia respecto a UTC.',
    verifyTitle: 'Cómo verificar este documento',
    verifyIntro:
      'El documento lleva el sello electrónico del prestador con un sello de tiempo; cualquier lector de PDF que valide firmas (o pdfsig) los comprueba sin Sello.',
    sealCertificate: 'Certificado del sello',
    sealFingerprint: 'Huella SHA-256 del certificado del sello',
    timestamp: 'Sello de tiempo de la firma',
    timestampText:
      'RFC 3161 de {tsa}, pedido al sellar ({time}); su hora exacta consta en el sello de tiempo y la muestra la página de verificación.',
    demoTsa: 'la autoridad de sellado de tiempo de demostración del prestador',
    verificationCode: 'Código de verificación',
    verificationPage: 'Página de verificación',
    qrAlt: 'Código QR que abre la página de verificación',
    handOverKiosk: 'en vista de quiosco en su pantalla',
    handOverQr: 'con un código QR para el móvil del destinatario',
    handOverTo: 'a',
    groups: {
      submission: 'Envío al prestador',
      relay: 'Transmisión',
      consignment: 'Puesta a disposición',
      handover: 'Entrega',
      acceptance: 'Aceptación',
      rejection: 'Rechazo',
      expiry: 'Vencimiento',
      certification: 'Certificación',
      management: 'Gestión',
      other: 'Otro',
    },
  },
  'en-en': {
    title: 'Certificate of electronic delivery',
    intro: 'The provider certifies the following facts, recorded in its evidence chain.',
    nonReportTitle: 'Non-delivery report',
    nonReportIntro: 'The provider certifies that the shipping did not reach its recipient, for what follows.',
    situation: 'Situation',
    provider: 'Provider',
    issuedAt: 'Issued at',
    shipping: 'Shipping',
    reference: 'Reference',
    subject: 'Subject',
    service: 'Service',
    channel: 'Channel',
    state: 'State',
    result: 'Result',
    sender: 'Sender',
    company: 'Company',
    receivers: 'Receivers',
    formData: 'Form data',
    documents: 'Documents (SHA-256)',
    events: 'Events',
    chainHead: 'Final hash of the chain',
    chainNote: 'Each event includes the hash of the one before; the last seals them all.',
    system: 'system',
    utc: 'UTC',
    postalAddress: 'Postal address',
    letterReference: 'Letter reference',
    courierReference: "Courier's reference",
    deliveredOn: 'Delivery date',
    letterStatus: 'Letter status',
    sandbox: 'sandbox',
    signature: 'Signature',
    pinChannel: 'PIN channel',
    sentTo: 'sent to',
    certificateSubject: 'one-time certificate for',
    certificateSerial: 'serial number',
    certificateFingerprint: 'SHA-256 fingerprint',
    signedBy: 'Signed by',
    signatureSummary: 'Signature summary',
    authoriser: 'Authoriser',
    receiverRole: 'Receiver',
    userRole: 'User',
    timeZoneNote: 'Times in the Madrid zone, with their offset from UTC.',
    verifyTitle: 'How to verify this document',
    verifyIntro:
      "The document carries the provider's electronic seal with a time-stamp; any PDF reader that validates signatures (or pdfsig) checks them without Sello.",
    sealCertificate: 'Seal certificate',
    sealFingerprint: 'SHA-256 fingerprint of the seal certificate',
    timestamp: 'Signature time-stamp',
    timestampText:
      'RFC 3161 from {tsa}, requested at sealing ({time}); its exact time is inside the time-stamp and the verification page shows it.',
    demoTsa: "the provider's demo time-stamping authority",
    verificationCode: 'Verification code',
    verificationPage: 'Verification page',
    qrAlt: 'QR code that opens the verification page',
    handOverKiosk: 'in a kiosk view on their screen',
    handOverQr: "with a QR code for the receiver's phone",
    handOverTo: 'to',
    groups: {
      submission: 'Submission',
      relay: 'Relay',
      consignment: 'Consignment',
      handover: 'Handover',
      acceptance: 'Acceptance',
      rejection: 'Rejection',
      expiry: 'Expiry',
      certification: 'Certification',
      management: 'Management',
      other: 'Other',
    },
  },
  'pt-pt': {
    title: 'Certificado de entrega eletrónica',
    intro: 'O prestador certifica os factos seguintes, registados na sua cadeia de evidências.',
    nonReportTitle: 'Relatório de não entrega',
    nonReportIntro: 'O prestador certifica que o envio não chegou ao seu destinatário, pelo que consta a seguir.',
    situation: 'Situação',
    provider: 'Prestador',
    issuedAt: 'Emitido em',
    shipping: 'Envio',
    reference: 'Referência',
    subject: 'Assunto',
    service: 'Serviço',
    channel: 'Canal',
    state: 'Estado',
    result: 'Resultado',
    sender: 'Remetente',
    company: 'Empresa',
    receivers: 'Destinatários',
    formData: 'Dados do formulário',
    documents: 'Documentos (SHA-256)',
    events: 'Eventos',
    chainHead: 'Hash final da cadeia',
    chainNote: 'Cada evento inclui o hash do anterior; o último sela todos.',
    system: 'sistema',
    utc: 'UTC',
    postalAddress: 'Morada postal',
    letterReference: 'Referência da carta',
    courierReference: 'Referência do estafeta',
    deliveredOn: 'Data de entrega',
    letterStatus: 'Estado da carta',
    sandbox: 'testes',
    signature: 'Assinatura',
    pinChannel: 'canal do PIN',
    sentTo: 'enviado para',
    certificateSubject: 'certificado de utilização única para',
    certificateSerial: 'número de série',
    certificateFingerprint: 'impressão digital SHA-256',
    signedBy: 'Assinado por',
    signatureSummary: 'Resumo das assinaturas',
    authoriser: 'Autorizador',
    receiverRole: 'Destinatário',
    userRole: 'Utilizador',
    timeZoneNote: 'Horas no fuso de Madrid, com a diferença para UTC.',
    verifyTitle: 'Como verificar este documento',
    verifyIntro:
      'O documento tem o selo eletrónico do prestador com um carimbo temporal; qualquer leitor de PDF que valide assinaturas (ou o pdfsig) verifica-os sem o Sello.',
    sealCertificate: 'Certificado do selo',
    sealFingerprint: 'Impressão digital SHA-256 do certificado do selo',
    timestamp: 'Carimbo temporal da assinatura',
    timestampText:
      'RFC 3161 de {tsa}, pedido ao selar ({time}); a sua hora exata consta do carimbo temporal e a página de verificação mostra-a.',
    demoTsa: 'a autoridade de carimbo temporal de demonstração do prestador',
    verificationCode: 'Código de verificação',
    verificationPage: 'Página de verificação',
    qrAlt: 'Código QR que abre a página de verificação',
    handOverKiosk: 'em vista de quiosque no seu ecrã',
    handOverQr: 'com um código QR para o telemóvel do destinatário',
    handOverTo: 'a',
    groups: {
      submission: 'Submissão',
      relay: 'Transmissão',
      consignment: 'Disponibilização',
      handover: 'Entrega',
      acceptance: 'Aceitação',
      rejection: 'Rejeição',
      expiry: 'Expiração',
      certification: 'Certificação',
      management: 'Gestão',
      other: 'Outro',
    },
  },
};

export function labelsFor(language: string | null | undefined): TLabels {
  return CERTIFICATE_LABELS[(language ?? 'es-es') as TCertificateLanguage] ?? CERTIFICATE_LABELS['es-es'];
}
