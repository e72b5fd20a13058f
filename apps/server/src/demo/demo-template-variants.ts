import type { Language } from '@sello/contracts/constants';

/** A template of the demo written in another language than its English original. */
export type TDemoTemplateVariant = { name: string; subject?: string; body: string };

/** The language the demo's catalogue templates (DEMO_TEMPLATES) are written in. */
export const DEMO_TEMPLATE_LANGUAGE: Language = 'en-en';

/**
 * The Spanish and Portuguese versions of the templates the demo's types start with, keyed by the English
 * template's name: each type's default is the version in the receiver's language. The SMS versions keep to
 * the GSM-7 alphabet, one segment.
 */
export const DEMO_TEMPLATE_VARIANTS: Record<string, Partial<Record<Language, TDemoTemplateVariant>>> = {
  'Notarial notice': {
    'es-es': {
      name: 'Aviso notarial',
      subject: 'Notificación notarial',
      body: '<p>{{company}} le ha enviado una notificación notarial.</p>',
    },
    'pt-pt': {
      name: 'Notificação notarial',
      subject: 'Notificação notarial',
      body: '<p>{{company}} enviou-lhe uma notificação notarial.</p>',
    },
  },
  'Acceptance request': {
    'es-es': {
      name: 'Solicitud de aceptación',
      subject: 'Documento pendiente de su aceptación',
      body: '<p>{{company}} le pide que revise y acepte el documento adjunto.</p>',
    },
    'pt-pt': {
      name: 'Pedido de aceitação',
      subject: 'Documento a aguardar a sua aceitação',
      body: '<p>{{company}} pede-lhe que reveja e aceite o documento anexo.</p>',
    },
  },
  'Short notice': {
    'es-es': { name: 'Aviso breve', body: '{{company}}: tiene un aviso certificado. Abra el enlace para leerlo.' },
    'pt-pt': { name: 'Aviso curto', body: '{{company}}: tem um aviso certificado. Abra o link para o ler.' },
  },
  'Renewal with documents': {
    'es-es': {
      name: 'Renovación con documentos',
      subject: 'La renovación de su póliza',
      body: '<p>Su póliza {{reference}} se renueva el {{deadline}}. Las nuevas condiciones y la prima están en los documentos adjuntos; si no desea renovarla, díganoslo antes de esa fecha.</p>',
    },
    'pt-pt': {
      name: 'Renovação com documentos',
      subject: 'A renovação da sua apólice',
      body: '<p>A sua apólice {{reference}} renova-se a {{deadline}}. As novas condições e o prémio estão nos documentos anexos; se não a quiser renovar, avise-nos antes dessa data.</p>',
    },
  },
  'Signature request': {
    'es-es': {
      name: 'Solicitud de firma',
      subject: 'Documento pendiente de su firma',
      body: '<p>{{company}} le pide que firme el documento adjunto. Cada firmante recibe aviso cuando le toca.</p>',
    },
    'pt-pt': {
      name: 'Pedido de assinatura',
      subject: 'Documento a aguardar a sua assinatura',
      body: '<p>{{company}} pede-lhe que assine o documento anexo. Cada signatário é avisado quando chega a sua vez.</p>',
    },
  },
  'Identity check invitation': {
    'es-es': {
      name: 'Invitación a verificar la identidad',
      subject: 'Confirme su identidad',
      body: '<p>{{company}} le pide que confirme su identidad. Abra el enlace y tenga a mano su documento de identidad.</p>',
    },
    'pt-pt': {
      name: 'Convite para verificar a identidade',
      subject: 'Confirme a sua identidade',
      body: '<p>{{company}} pede-lhe que confirme a sua identidade. Abra o link e tenha à mão o seu cartão de cidadão.</p>',
    },
  },
  'Identity check SMS': {
    'es-es': {
      name: 'SMS de verificación de identidad',
      body: '{{company}}: confirme su identidad en el enlace. Tenga a mano su documento de identidad.',
    },
    'pt-pt': {
      name: 'SMS de verificacao de identidade',
      body: '{{company}}: confirme a sua identidade no link. Tenha o seu documento de identidade consigo.',
    },
  },
  'Custody available': {
    'es-es': {
      name: 'Custodia disponible',
      subject: 'Guardamos sus documentos',
      body: '<p>{{company}} mantiene sus documentos a su disposición. Abra el enlace para leerlos o descargarlos.</p>',
    },
    'pt-pt': {
      name: 'Custódia disponível',
      subject: 'Os seus documentos estão guardados',
      body: '<p>{{company}} mantém os seus documentos disponíveis. Abra o link para os ler ou descarregar.</p>',
    },
  },
  'Accreditation request': {
    'es-es': {
      name: 'Solicitud de acreditación',
      subject: 'Acredite su representación',
      body: '<p>{{company}} le pide que acredite que actúa en nombre de la persona a la que representa.</p>',
    },
    'pt-pt': {
      name: 'Pedido de acreditação',
      subject: 'Comprove a sua representação',
      body: '<p>{{company}} pede-lhe que comprove que age em nome da pessoa que representa.</p>',
    },
  },
  'Delivery update': {
    'es-es': {
      name: 'Estado de la entrega',
      subject: 'Su entrega',
      body: '<p>{{company}}: su entrega {{reference}} está en camino. Abra el enlace para leer y aceptar el albarán.</p>',
    },
    'pt-pt': {
      name: 'Estado da entrega',
      subject: 'A sua entrega',
      body: '<p>{{company}}: a sua entrega {{reference}} está a caminho. Abra o link para ler e aceitar a guia de remessa.</p>',
    },
  },
  'Custody notice': {
    'es-es': {
      name: 'Aviso de custodia',
      subject: 'Mercancía en custodia',
      body: '<p>{{company}} guarda en custodia la mercancía de la entrega {{reference}}. Abra el enlace para ver los documentos y el plazo de recogida.</p>',
    },
    'pt-pt': {
      name: 'Aviso de custódia',
      subject: 'Mercadoria em custódia',
      body: '<p>{{company}} guarda em custódia a mercadoria da entrega {{reference}}. Abra o link para ver os documentos e o prazo de levantamento.</p>',
    },
  },
  'Carrier notice': {
    'es-es': {
      name: 'Aviso del transportista',
      body: 'Acme Transportes: tiene un aviso de entrega. Abra el enlace para leerlo.',
    },
    'pt-pt': {
      name: 'Aviso da transportadora',
      body: 'Acme Transportes: tem um aviso de entrega. Abra o link para o ler.',
    },
  },
};
