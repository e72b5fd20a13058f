import type { Language } from '@sello/contracts/constants';
import { COUNTRIES } from '@sello/contracts/reference/countries';
import { STREET_TYPES } from '@sello/contracts/reference/street-types';
import type { TNewReceiver } from '../shippings/shipping-create.queries.ts';

export type TPostalAddress = Pick<
  TNewReceiver,
  | 'streetType'
  | 'street'
  | 'streetNumType'
  | 'streetNumber'
  | 'addressExtra'
  | 'postalCode'
  | 'city'
  | 'province'
  | 'country'
> & { receiverName: string };

/** Envelope abbreviations of the number kinds, as Spanish and Portuguese mail writes them. */
const NUMBER_PREFIX: Record<string, string> = { NUM: '', KM: 'Km ', SN: 's/n', LOTE: 'Lote ' };

const join = (...parts: (string | null | undefined)[]) =>
  parts
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');

/**
 * The lines of the window: name, street with its number, extra line, postal code and city, province,
 * country (in the letter's language; left out for domestic Spanish mail, where the post office
 * asks for none).
 */
export function formatAddressLines(address: TPostalAddress, language: Language): string[] {
  const streetTerm = STREET_TYPES.find((type) => type.code === address.streetType)?.term ?? address.streetType;
  const numberKind = address.streetNumType ?? 'NUM';
  const number =
    numberKind === 'SN' ? NUMBER_PREFIX.SN : join(`${NUMBER_PREFIX[numberKind] ?? ''}${address.streetNumber ?? ''}`);
  const streetLine = [join(streetTerm, address.street), number].filter((part) => part !== '').join(', ');
  const country = COUNTRIES.find((candidate) => candidate.code === address.country);
  const lines = [
    address.receiverName,
    streetLine,
    address.addressExtra,
    join(address.postalCode, address.city),
    address.province && address.province !== address.city ? address.province : null,
    country && country.code !== 'ES' ? country.names[language].toUpperCase() : null,
  ];
  return lines.map((line) => line?.trim() ?? '').filter((line) => line !== '');
}
