import { describe, expect, it } from 'vitest';
import { convertHtmlToText } from './html-to-text.ts';

const TAG = /<\/?[a-z][^>]*>/i;

describe('convertHtmlToText: the text part of an HTML message', () => {
  it('separates paragraphs by a blank line and keeps line breaks', () => {
    expect(convertHtmlToText('<p>Hola, Lucía:</p><p>Primera línea<br />segunda línea</p>')).toBe(
      'Hola, Lucía:\n\nPrimera línea\nsegunda línea',
    );
    expect(convertHtmlToText('<h2>Aviso</h2><div>uno</div><div>dos</div>')).toBe('Aviso\n\nuno\ndos');
  });

  it('writes a link as its words with the address in brackets, the address alone when it is its words', () => {
    const link = 'https://sello.example/portal/#/r/abc?x=1&y=2';
    expect(convertHtmlToText(`<p>Abra <a href="${link.replace('&', '&amp;')}">el aviso</a> hoy.</p>`)).toBe(
      `Abra el aviso (${link}) hoy.`,
    );
    expect(convertHtmlToText(`<p><a href="${link.replace('&', '&amp;')}">${link.replace('&', '&amp;')}</a></p>`)).toBe(
      link,
    );
    expect(convertHtmlToText('<p><a href="mailto:ayuda@sello.example">ayuda@sello.example</a></p>')).toBe(
      'ayuda@sello.example',
    );
    expect(convertHtmlToText('<p><a href="https://sello.example/"></a></p>')).toBe('https://sello.example/');
  });

  it('decodes entities, named and numeric, once', () => {
    expect(
      convertHtmlToText('<p>Caf&eacute; &amp; t&#233; &#x20AC;5 &lt;b&gt; &quot;ok&quot; &amp;amp;&nbsp;fin</p>'),
    ).toBe('Café & té €5 <b> "ok" &amp; fin');
    expect(convertHtmlToText('<p>Notificação &ccedil; &atilde; &mdash; fim</p>')).toBe('Notificação ç ã — fim');
  });

  it('lists items one a line, reads tables cell by cell, images by their alternative text', () => {
    expect(convertHtmlToText('<p>Documentos:</p><ul><li>Escritura</li><li>Plano</li></ul><p>Fin</p>')).toBe(
      'Documentos:\n\n- Escritura\n- Plano\n\nFin',
    );
    expect(
      convertHtmlToText('<table><tr><td>Ref.</td><td>EXP-1</td></tr><tr><td>Plazo</td><td>15 días</td></tr></table>'),
    ).toBe('Ref. EXP-1\nPlazo 15 días');
    expect(convertHtmlToText('<p><img src="https://x/logo.png" alt="Notaría Central" /></p><p>Texto</p>')).toBe(
      'Notaría Central\n\nTexto',
    );
  });

  it('leaves no tag, script or style behind, and collapses the HTML white space', () => {
    const text = convertHtmlToText(
      '<style>p { color: red }</style><p>  Uno\n   dos  </p><script>alert(1)</script><!-- nota --><p><b>tres</b> <i>cuatro</i></p>',
    );
    expect(text).toBe('Uno dos\n\ntres cuatro');
    expect(text).not.toMatch(TAG);
    expect(text).not.toContain('</');
  });

  it('keeps a text without tags as it is: its own line breaks stay', () => {
    expect(convertHtmlToText('  Línea uno\nLínea dos & tres  ')).toBe('Línea uno\nLínea dos & tres');
  });
});
