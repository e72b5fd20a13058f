import { labelOf, ROLE_NAMES } from '@sello/contracts/reference/status-labels';
import type { TChainEvent } from '../shippings/event-chain.ts';
import { labelsFor } from './certificate-labels.ts';

/** The decisions an authoriser takes: the certificate names who took them as the authoriser. */
const AUTHORISER_ACTIONS = new Set(['authorize', 'deny']);

type TPeople = {
  users: readonly { id: string; name: string; roles: readonly string[] }[];
  receivers: readonly { id: string; name: string }[];
  providerName: string;
  language: string;
};

/** The user ids of the chain's events (`user:4`), to load their names and roles. */
export function actorUserIds(events: readonly Pick<TChainEvent, 'actor'>[]): string[] {
  const ids = events.map((event) => /^user:(\d+)$/.exec(event.actor)?.[1]).filter((id) => id !== undefined);
  return [...new Set(ids)];
}

/**
 * Who did each event, by name and role, in the certificate's language: a user by name and their first role (the
 * authoriser of an authorisation named as such; a hand-over at the desk with how and to whom), a receiver acting on
 * its link by name, the platform as the provider.
 */
export function describeActors(people: TPeople): (event: Pick<TChainEvent, 'actor' | 'action' | 'details'>) => string {
  const labels = labelsFor(people.language);
  const users = new Map(people.users.map((user) => [user.id, user]));
  const receivers = new Map(people.receivers.map((receiver) => [String(receiver.id), receiver.name]));
  const receiverOf = (event: Pick<TChainEvent, 'details'>) => {
    const receiverId = event.details.receiverId;
    return typeof receiverId === 'string' || typeof receiverId === 'number'
      ? receivers.get(String(receiverId))
      : undefined;
  };
  return (event) => {
    const userId = /^user:(\d+)$/.exec(event.actor)?.[1];
    if (userId !== undefined) {
      const user = users.get(userId);
      const roleCode = user?.roles.find((role) => role in ROLE_NAMES);
      const role = roleCode ? labelOf(ROLE_NAMES, roleCode, people.language) : labels.userRole;
      const named = `${user?.name ?? `${labels.userRole} ${userId}`} (${role})`;
      if (event.action === 'handedOver') {
        const how = event.details.method === 'qr' ? labels.handOverQr : labels.handOverKiosk;
        const to = receiverOf(event);
        return `${named}, ${how}${to === undefined ? '' : `, ${labels.handOverTo} ${to} (${labels.receiverRole})`}`;
      }
      return AUTHORISER_ACTIONS.has(event.action) ? `${labels.authoriser}: ${named}` : named;
    }
    const receiver = receiverOf(event);
    if (receiver !== undefined) return `${receiver} (${labels.receiverRole})`;
    return `${people.providerName} (${labels.system})`;
  };
}
