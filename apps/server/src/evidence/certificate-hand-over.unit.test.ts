import { EVENT_NAMES, labelOf } from '@sello/contracts/reference/status-labels';
import { describe, expect, it } from 'vitest';
import { describeActors } from './certificate-actors.ts';

// A page handed over at the desk reads on the certificate as who handed it over (name and role), how, and to whom.

const people = (language: string) =>
  describeActors({
    users: [{ id: '4', name: 'Ana Gil', roles: ['cust_ctr_user'] }],
    receivers: [{ id: '31', name: 'Lucía Pérez' }],
    providerName: 'Sello Trust Services',
    language,
  });

const handedOver = (method: string) => ({
  actor: 'user:4',
  action: 'handedOver',
  details: { receiverId: '31', method, by: 'Ana Gil', role: 'cust_ctr_user' },
});

describe('the hand-over on the certificate', () => {
  it.each([
    [
      'es-es',
      'Entregado en mano en el mostrador',
      'Ana Gil (Usuario), en vista de quiosco en su pantalla, a Lucía Pérez (Destinatario)',
      'Ana Gil (Usuario), con un código QR para el móvil del destinatario, a Lucía Pérez (Destinatario)',
    ],
    [
      'en-en',
      'Handed over at the desk',
      'Ana Gil (User), in a kiosk view on their screen, to Lucía Pérez (Receiver)',
      "Ana Gil (User), with a QR code for the receiver's phone, to Lucía Pérez (Receiver)",
    ],
    [
      'pt-pt',
      'Entregue em mão no balcão',
      'Ana Gil (Utilizador), em vista de quiosque no seu ecrã, a Lucía Pérez (Destinatário)',
      'Ana Gil (Utilizador), com um código QR para o telemóvel do destinatário, a Lucía Pérez (Destinatário)',
    ],
  ])('%s: names the event, who handed over, how and to whom', (language, label, kiosk, qr) => {
    expect(labelOf(EVENT_NAMES, 'handedOver', language)).toBe(label);
    expect(people(language)(handedOver('kiosk'))).toBe(kiosk);
    expect(people(language)(handedOver('qr'))).toBe(qr);
  });
});
