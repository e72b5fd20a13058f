import type { ServiceCode } from '@sello/contracts/enums';
import { signMethodsOf } from '@sello/contracts/reference/sign-methods';
import {
  custodyTimesOf,
  metapropLocationsOf,
  PLACEMENT_ELEMENTS,
  PLACEMENT_PAGES,
  PLACEMENT_POSITIONS,
  serviceKindOfCode,
  workflowStepsOf,
} from '@sello/contracts/reference/type-settings';

/**
 * The editor's combos, from the contracts' reference tables. Texts are the codes: the console
 * translates them (TYPE_<COMBO>_<code>). An auxiliary service code (PKI, …) offers nothing by itself.
 */
const combo = (values: readonly (string | number)[]) => values.map((value) => ({ value, text: String(value) }));

function kindOf(code: ServiceCode) {
  return serviceKindOfCode(code);
}

export const typeLookups = {
  custodyTime: (service: ServiceCode) => {
    const kind = kindOf(service);
    return combo(kind ? custodyTimesOf(kind) : []);
  },
  step: (service: ServiceCode) => {
    const kind = kindOf(service);
    return combo(kind ? workflowStepsOf(kind) : []);
  },
  signMethods: (service: ServiceCode) => {
    const kind = kindOf(service);
    return combo(kind ? signMethodsOf(kind) : []);
  },
  metapropLocations: (service: ServiceCode) => {
    const kind = kindOf(service);
    return combo(kind ? metapropLocationsOf(kind) : []);
  },
  placement: () =>
    ({ pages: combo(PLACEMENT_PAGES), positions: combo(PLACEMENT_POSITIONS) }) as {
      pages: { value: string; text: string }[];
      positions: { value: string; text: string }[];
    },
  elements: () => combo(PLACEMENT_ELEMENTS),
};
