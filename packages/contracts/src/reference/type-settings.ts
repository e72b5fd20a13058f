import { SERVICE_CODE_BY_KIND, type ServiceCode, type ServiceKind } from '../enums.ts';
import { SERVICE_RULES } from '../shipping-rules.ts';
import { SERVICE_CHANNELS } from './services.ts';

/**
 * What a shipping type may ask of each service kind (spec §7 `shippings/types/*` combos). The editor's
 * combos and the server's checks on `new`/`update` read these tables; docs/decisions/types.md records them.
 */

/** Custody times (days) a custody service offers. */
export const CUSTODY_TIMES = [30, 90, 180, 365, 730, 1825, 3650] as const;

/** Where a signature is stamped: the page and the corner of the page. */
export const PLACEMENT_PAGES = ['FIRST', 'LAST', 'ALL'] as const;
export const PLACEMENT_POSITIONS = ['TOP_LEFT', 'TOP_RIGHT', 'BOTTOM_LEFT', 'BOTTOM_RIGHT'] as const;
/** What the stamped signature box shows. */
export const PLACEMENT_ELEMENTS = ['SIGNATURE', 'SIGNER_NAME', 'SIGNER_ID', 'SIGN_DATE', 'CSV_CODE', 'LOGO'] as const;

/** The steps a shipping of a service goes through, in order (shown by the editor; not stored). */
export const WORKFLOW_STEPS = ['AUTHORISE', 'SEND', 'SIGN', 'IDENTIFY', 'CUSTODY', 'CERTIFY'] as const;

/** Where an identification service reads meta properties from; other services only put them on the certificate. */
export const METAPROP_LOCATIONS = ['CERTIFICATE', 'IDCARD_FRONT', 'IDCARD_BACK', 'IDCARD_MRZ', 'NFC_CHIP'] as const;

export type PlacementPage = (typeof PLACEMENT_PAGES)[number];
export type PlacementPosition = (typeof PLACEMENT_POSITIONS)[number];
export type PlacementElement = (typeof PLACEMENT_ELEMENTS)[number];
export type WorkflowStep = (typeof WORKFLOW_STEPS)[number];
export type MetapropLocation = (typeof METAPROP_LOCATIONS)[number];

/** The service kind of a code, or null for the auxiliary codes (PKI, WHATSAPP_SMS, …). */
export function serviceKindOfCode(code: ServiceCode): ServiceKind | null {
  const entry = Object.entries(SERVICE_CODE_BY_KIND).find(([, value]) => value === code);
  return entry ? (entry[0] as ServiceKind) : null;
}

/** Channels a type of the service may offer: those both the service table and the creation rules allow. */
export function typeChannelsOf(service: ServiceKind) {
  return SERVICE_RULES[service].channels.filter((channel) => SERVICE_CHANNELS[service].includes(channel));
}

export function custodyTimesOf(service: ServiceKind): readonly number[] {
  return SERVICE_RULES[service].custody ? CUSTODY_TIMES : [];
}

export function workflowStepsOf(service: ServiceKind): WorkflowStep[] {
  const rule = SERVICE_RULES[service];
  return WORKFLOW_STEPS.filter((step) => {
    if (step === 'SIGN') return rule.signing;
    if (step === 'IDENTIFY') return rule.identification;
    if (step === 'CUSTODY') return rule.custody;
    return true;
  });
}

export function metapropLocationsOf(service: ServiceKind): MetapropLocation[] {
  if (!SERVICE_RULES[service].identification) return ['CERTIFICATE'];
  return METAPROP_LOCATIONS.filter((location) => location !== 'NFC_CHIP' || service === 'nfc_identification');
}

/** Signature placement, PIN text and signing order mean something only where receivers sign. */
export function signsDocuments(service: ServiceKind): boolean {
  return SERVICE_RULES[service].signing;
}

/** Identification documents are requested only by identification services. */
export function identifiesReceivers(service: ServiceKind): boolean {
  return SERVICE_RULES[service].identification;
}
