import type { ServiceKind } from '@sello/contracts/enums';

/** A message template of a demo domain. */
export type TDemoTemplate = {
  domain: 'DEMO' | 'ACME';
  name: string;
  contentType: 'HTML' | 'SMS';
  kind: string;
  subject?: string;
  body: string;
  active?: boolean;
};

/**
 * A document type of a demo domain, with what creating a shipping of it takes. Every service kind of
 * spec §1 has one.
 */
export type TDemoShippingType = {
  domain: 'DEMO' | 'ACME';
  name: string;
  description: string;
  serviceKind: ServiceKind;
  active?: boolean;
  /** Tax id of the company the type belongs to; domain-wide otherwise. */
  company?: string;
  channels: string[];
  requiresAuth?: boolean;
  authDeadlineHours?: number;
  responseDays?: number;
  custodyDays?: number;
  defaultTemplate?: string;
  defaultSmsTemplate?: string;
  authoriserUsers?: string[];
  authoriserGroups?: string[];
};

/** Message templates of the demo domains (inserted in this order). */
export const DEMO_TEMPLATES: TDemoTemplate[] = [
  {
    domain: 'DEMO',
    name: 'Notarial notice',
    contentType: 'HTML',
    kind: 'COMMUNICATION',
    subject: 'Notarial notification',
    body: '<p>{{company}} has sent you a notarial notification.</p>',
  },
  {
    domain: 'DEMO',
    name: 'Renewal with documents',
    contentType: 'HTML',
    kind: 'ADVANCED_COMMUNICATION',
    subject: 'Your policy renewal',
    body: '<p>Your policy {{reference}} renews on {{deadline}}. The new conditions and the premium are in the attached documents; if you do not want to renew, tell us before that date.</p>',
  },
  {
    domain: 'DEMO',
    name: 'Claim follow-up',
    contentType: 'HTML',
    kind: 'ADVANCED_COMMUNICATION',
    subject: 'News about your claim',
    body: '<p>Your claim {{reference}} has moved on to its next step. Open the link to review the decision and the documents.</p>',
  },
  {
    domain: 'DEMO',
    name: 'Payment reminder',
    contentType: 'HTML',
    kind: 'ADVANCED_COMMUNICATION',
    subject: 'Payment reminder',
    body: '<p>{{company}} reminds you of a payment due on {{deadline}}. Please make it by bank transfer quoting {{reference}}.</p>',
    active: false,
  },
  {
    domain: 'DEMO',
    name: 'Certified e-mail cover',
    contentType: 'HTML',
    kind: 'EMAIL_CERT',
    subject: 'Certified message',
    body: '<p>This message is delivered with evidence by Sello.</p>',
  },
  {
    domain: 'DEMO',
    name: 'Access code',
    contentType: 'SMS',
    kind: 'SMS_CERT',
    body: 'Certified SMS from {{company}}: {{message}}',
  },
  {
    domain: 'ACME',
    name: 'Delivery update',
    contentType: 'HTML',
    kind: 'ADVANCED_COMMUNICATION',
    subject: 'Your delivery',
    body: '<p>{{company}}: your delivery {{reference}} is on its way. Open the link to read and accept the delivery note.</p>',
  },
  {
    domain: 'ACME',
    name: 'Custody notice',
    contentType: 'HTML',
    kind: 'ADVANCED_COMMUNICATION',
    subject: 'Goods held in custody',
    body: '<p>{{company}} holds the goods of delivery {{reference}} in custody for you. Open the link to see the documents and the collection deadline.</p>',
  },
  { domain: 'ACME', name: 'Pick-up code', contentType: 'SMS', kind: 'SMS_CERT', body: 'Acme: {{message}}' },
  {
    domain: 'DEMO',
    name: 'Acceptance request',
    contentType: 'HTML',
    kind: 'COMMUNICATION',
    subject: 'Document awaiting your acceptance',
    body: '<p>{{company}} asks you to review and accept the attached document.</p>',
  },
  {
    domain: 'DEMO',
    name: 'Short notice',
    contentType: 'SMS',
    kind: 'COMMUNICATION',
    body: '{{company}}: you have a certified notice. Open the link to read it.',
  },
  {
    domain: 'DEMO',
    name: 'Signature request',
    contentType: 'HTML',
    kind: 'COMMUNICATION',
    subject: 'Document awaiting your signature',
    body: '<p>{{company}} asks you to sign the attached document. Each signer is told when it is their turn.</p>',
  },
  {
    domain: 'DEMO',
    name: 'Identity check invitation',
    contentType: 'HTML',
    kind: 'COMMUNICATION',
    subject: 'Confirm your identity',
    body: '<p>{{company}} asks you to confirm your identity. Open the link and keep your identity card at hand.</p>',
  },
  {
    domain: 'DEMO',
    name: 'Identity check SMS',
    contentType: 'SMS',
    kind: 'COMMUNICATION',
    body: '{{company}}: confirm your identity at the link. Keep your identity card at hand.',
  },
  {
    domain: 'DEMO',
    name: 'Custody available',
    contentType: 'HTML',
    kind: 'COMMUNICATION',
    subject: 'Your documents are kept for you',
    body: '<p>{{company}} keeps your documents available. Open the link to read or download them.</p>',
  },
  {
    domain: 'DEMO',
    name: 'Accreditation request',
    contentType: 'HTML',
    kind: 'COMMUNICATION',
    subject: 'Prove your power of attorney',
    body: '<p>{{company}} asks you to prove that you act on behalf of the person you represent.</p>',
  },
  {
    domain: 'ACME',
    name: 'Carrier notice',
    contentType: 'SMS',
    kind: 'COMMUNICATION',
    body: 'Acme Transportes: you have a delivery notice. Open the link to read it.',
  },
];

/** Document types of the demo domains (inserted in this order). */
export const DEMO_SHIPPING_TYPES: TDemoShippingType[] = [
  {
    domain: 'DEMO',
    name: 'Notarial notification',
    description: 'Certified notice of a notarial act',
    serviceKind: 'notification',
    channels: ['postal', 'email', 'onscreen'],
    defaultTemplate: 'Notarial notice',
  },
  {
    domain: 'DEMO',
    name: 'Deed acceptance',
    description: 'Signer accepts the draft deed',
    serviceKind: 'acceptance',
    channels: ['email', 'sms', 'onscreen'],
    requiresAuth: true,
    authDeadlineHours: 48,
    authoriserUsers: ['company.manager'],
    defaultTemplate: 'Acceptance request',
    defaultSmsTemplate: 'Short notice',
  },
  {
    domain: 'DEMO',
    name: 'Policy renewal notice',
    description: 'Insurance policy renewal',
    serviceKind: 'communication',
    channels: ['postal', 'email', 'sms', 'whatsapp'],
    defaultTemplate: 'Renewal with documents',
    defaultSmsTemplate: 'Short notice',
  },
  {
    domain: 'DEMO',
    name: 'Claim settlement acceptance',
    description: 'Insured accepts the settlement',
    serviceKind: 'express_acceptance',
    channels: ['email', 'sms', 'whatsapp'],
    defaultTemplate: 'Signature request',
    requiresAuth: true,
    authoriserGroups: ['Claims'],
    defaultSmsTemplate: 'Short notice',
  },
  {
    domain: 'DEMO',
    name: 'Certified e-mail',
    description: 'E-mail with delivery evidence',
    serviceKind: 'certified_email',
    channels: ['email'],
  },
  {
    domain: 'DEMO',
    name: 'Certified SMS',
    description: 'SMS with delivery evidence',
    serviceKind: 'certified_sms',
    channels: ['sms'],
    defaultSmsTemplate: 'Short notice',
  },
  {
    domain: 'DEMO',
    name: 'Video identification',
    description: 'Attended identity check',
    serviceKind: 'video_identification_attended',
    active: false,
    channels: ['email', 'sms', 'onscreen'],
    defaultTemplate: 'Identity check invitation',
    defaultSmsTemplate: 'Identity check SMS',
  },
  {
    domain: 'ACME',
    name: 'Delivery note acceptance',
    description: 'Consignee accepts the delivery note',
    serviceKind: 'acceptance',
    channels: ['email', 'sms', 'onscreen'],
    defaultTemplate: 'Delivery update',
    defaultSmsTemplate: 'Carrier notice',
  },
  {
    domain: 'ACME',
    name: 'Carrier contract notification',
    description: 'Notice to carriers',
    serviceKind: 'notification',
    channels: ['postal', 'email'],
    defaultTemplate: 'Delivery update',
  },
  {
    domain: 'ACME',
    name: 'Warehouse custody',
    description: 'Goods held in custody',
    serviceKind: 'custody',
    channels: ['email', 'onscreen'],
    custodyDays: 90,
    defaultTemplate: 'Custody notice',
  },
  {
    domain: 'ACME',
    name: 'Driver card check',
    description: 'Driver identity card verification',
    serviceKind: 'card_verification',
    channels: ['sms', 'onscreen'],
    defaultSmsTemplate: 'Carrier notice',
  },
  {
    domain: 'DEMO',
    name: 'Document custody',
    description: 'Deeds kept available to the signers',
    serviceKind: 'custody',
    company: 'B12345674',
    channels: ['email', 'onscreen'],
    defaultTemplate: 'Custody available',
    custodyDays: 365,
  },
  {
    domain: 'DEMO',
    name: 'Power of attorney accreditation',
    description: 'Representative proves their power of attorney',
    serviceKind: 'accreditation',
    company: 'B12345674',
    channels: ['email', 'sms', 'onscreen'],
    defaultTemplate: 'Accreditation request',
    defaultSmsTemplate: 'Identity check SMS',
  },
  {
    domain: 'DEMO',
    name: 'Joint deed acceptance',
    description: 'Both parties accept the deed, in order',
    serviceKind: 'double_acceptance',
    company: 'B12345674',
    channels: ['email', 'sms', 'onscreen'],
    defaultTemplate: 'Signature request',
    defaultSmsTemplate: 'Short notice',
    requiresAuth: true,
    authoriserUsers: ['company.manager'],
    authoriserGroups: ['Legal'],
  },
  {
    domain: 'DEMO',
    name: 'Remote onboarding',
    description: 'Unattended video identification of a new client',
    serviceKind: 'video_identification_unattended',
    channels: ['email', 'sms'],
    defaultTemplate: 'Identity check invitation',
    defaultSmsTemplate: 'Identity check SMS',
  },
  {
    domain: 'DEMO',
    name: 'NFC identity check',
    description: 'Reads the chip of the identity card',
    serviceKind: 'nfc_identification',
    company: 'A76543214',
    channels: ['sms', 'whatsapp', 'onscreen'],
    defaultTemplate: 'Identity check invitation',
    defaultSmsTemplate: 'Identity check SMS',
  },
  {
    domain: 'DEMO',
    name: 'ID card capture',
    description: 'Photos of both sides of the identity card',
    serviceKind: 'card_identification',
    company: 'A76543214',
    channels: ['email', 'sms', 'onscreen'],
    defaultTemplate: 'Identity check invitation',
    defaultSmsTemplate: 'Identity check SMS',
  },
  {
    domain: 'DEMO',
    name: 'ID card verification',
    description: 'Checks an identity card against its issuer',
    serviceKind: 'card_verification',
    channels: ['email', 'onscreen'],
    defaultTemplate: 'Identity check invitation',
  },
  {
    domain: 'DEMO',
    name: 'Premium direct debit acceptance',
    description: 'Policy holder accepts the direct debit mandate',
    serviceKind: 'acceptance',
    company: 'A76543214',
    channels: ['email', 'sms'],
    defaultTemplate: 'Acceptance request',
    defaultSmsTemplate: 'Short notice',
    requiresAuth: true,
    authDeadlineHours: 24,
    authoriserGroups: ['Legal'],
  },
];

/** What the DEMO domain already offers on the creation screen (by name, in order). */
export const DEMO_DOCUMENT_TYPES = ['Notarial notification', 'Deed acceptance'];
export const DEMO_ADV_TEMPLATES = ['Renewal with documents'];
