import type { TTypeInput } from '@sello/contracts/catalogue/types-schemas';
import type { ErrorKey } from '@sello/contracts/error-keys';
import { SIGN_METHOD_INFO, type SignMethod, signMethodsOf } from '@sello/contracts/reference/sign-methods';
import {
  custodyTimesOf,
  identifiesReceivers,
  metapropLocationsOf,
  signsDocuments,
  typeChannelsOf,
} from '@sello/contracts/reference/type-settings';
import { ApiError } from '../platform/api-error.ts';

const NOT_OFFERED: ErrorKey = 'ERR_NOT_OFFERED_BY_SERVICE';

/** Indexes of the entries whose key was already seen. */
function repeatedIndexes<T>(items: readonly T[], key: (item: T) => string): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  items.forEach((item, index) => {
    const value = key(item).toLowerCase();
    if (seen.has(value)) repeated.push(index);
    seen.add(value);
  });
  return repeated;
}

/**
 * What the chosen service allows, checked field by field: every refused field answers its own key,
 * all of them in one 400.
 */
export function assertTypeAllowed(input: TTypeInput): void {
  const errors: Record<string, ErrorKey> = {};
  const add = (field: string, key: ErrorKey) => {
    errors[field] ??= key;
  };
  const { service } = input;

  const channels = typeChannelsOf(service);
  input.channels.forEach((channel, index) => {
    if (!channels.includes(channel)) add(`channels.${index}`, NOT_OFFERED);
  });
  for (const index of repeatedIndexes(input.channels, String)) add(`channels.${index}`, 'ERR_FIELD_INVALID');

  const custodyTimes = custodyTimesOf(service);
  if (custodyTimes.length === 0) {
    if (input.custodyTime !== null) add('custodyTime', NOT_OFFERED);
  } else if (input.custodyTime === null) add('custodyTime', 'ERR_FIELD_REQUIRED');
  else if (!custodyTimes.includes(input.custodyTime)) add('custodyTime', NOT_OFFERED);

  if (signsDocuments(service)) {
    const methods: readonly string[] = signMethodsOf(service);
    if (input.signMethod === null) add('signMethod', 'ERR_FIELD_REQUIRED');
    else if (!methods.includes(input.signMethod)) add('signMethod', NOT_OFFERED);
    else {
      const methodChannels = SIGN_METHOD_INFO[input.signMethod as SignMethod].channels;
      input.channels.forEach((channel, index) => {
        if (!methodChannels.includes(channel)) add(`channels.${index}`, NOT_OFFERED);
      });
    }
  } else {
    if (input.signMethod !== null) add('signMethod', NOT_OFFERED);
    if (input.placement !== null) add('placement', NOT_OFFERED);
    if (input.pinSignatureText !== null) add('pinSignatureText', NOT_OFFERED);
    if (input.multiSignerOrder !== 0) add('multiSignerOrder', NOT_OFFERED);
  }

  if (identifiesReceivers(service)) {
    for (const index of repeatedIndexes(input.identificationDocuments, String)) {
      add(`identificationDocuments.${index}`, 'ERR_FIELD_INVALID');
    }
    if (input.otherDocumentsLimit > 0 && !input.identificationDocuments.includes('OTHER')) {
      add('otherDocumentsLimit', 'ERR_FIELD_INVALID');
    }
  } else {
    if (input.identificationDocuments.length > 0) add('identificationDocuments', NOT_OFFERED);
    if (input.otherDocumentsLimit > 0) add('otherDocumentsLimit', NOT_OFFERED);
  }

  const locations: readonly string[] = metapropLocationsOf(service);
  input.metaProperties.forEach((property, index) => {
    if (!locations.includes(property.location)) add(`metaProperties.${index}.location`, NOT_OFFERED);
  });
  for (const index of repeatedIndexes(input.metaProperties, (property) => property.name)) {
    add(`metaProperties.${index}.name`, 'ERR_FIELD_INVALID');
  }
  for (const index of repeatedIndexes(input.customFields, (field) => field.name)) {
    add(`customFields.${index}.name`, 'ERR_FIELD_INVALID');
  }

  if (Object.keys(errors).length > 0) throw new ApiError(400, 'ERR_VALIDATION', errors);
}
