import { describe, expect, it } from 'vitest';
import { readPdfText } from '../../test/pdf-text.ts';
import { renderLetterPdf } from './letter-pdf.ts';

describe('letter PDF', () => {
  it('prints each line of the body on its own line, with Spanish and Portuguese letters', async () => {
    const pdf = await renderLetterPdf({
      reference: 'A1B2-C3',
      language: 'pt-pt',
      date: new Date('2026-03-02T10:00:00Z'),
      providerName: 'Sello',
      senderCompany: 'Señales Ibéricas, S.L.',
      addressLines: ['Dña. María Núñez Peña', 'Rua da Conceição, 12 - 3º', '1100-150 Lisboa'],
      subject: 'Notificação de cobrança',
      body: 'Estimada Sra. Núñez:\r\nLe informamos de la acción.\n\nAção n.º 7 — «pagamento» até março.',
      attachments: [],
    });
    const text = readPdfText(pdf);
    const lines = text.split('\n').map((line) => line.trim());
    expect(text).not.toContain('?');
    expect(lines).toContain('Estimada Sra. Núñez:');
    expect(lines).toContain('Le informamos de la acción.');
    expect(lines).toContain('Ação n.º 7 — «pagamento» até março.');
    expect(text).toContain('Dña. María Núñez Peña');
    expect(text).toContain('Rua da Conceição, 12 - 3º');
    expect(text).toContain('Señales Ibéricas, S.L.');
    expect(text).toContain('2 de março de 2026');
  });
});
