import { SAMPLE_TEMPLATE_VALUES } from '@sello/contracts/template-variables';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { renderTemplate, sanitiseTemplateHtml } from './template-render.ts';

/** Stored-XSS payloads: scripts, handlers, dangerous URLs, SVG/MathML, styles, broken markup and mutation tricks. */
const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<p onmouseover="alert(1)">hover</p>',
  '<body onload=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt&colon;alert(1)">x</a>',
  '<a href="java&#x0A;script:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload=alert(1)><script>alert(1)</script></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<style>@import "//evil.example/x.css"; body{background:url(javascript:alert(1))}</style>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<img src=x onerror=alert(1)//',
  '<<script>script>alert(1)<</script>/script>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<img src="/rest/services/templates/image/AAAAAAAAAAAAAAAAAAAAAAAA" onerror="alert(1)">',
  '<template><script>alert(1)</script></template>',
  '<details open ontoggle=alert(1)>',
  '<!--<img src=x onerror=alert(1)>-->',
];

const PUBLIC_URL = 'https://sello.example/';
const IMAGE_PATH = '/rest/services/templates/image/AAAAAAAAAAAAAAAAAAAAAAAA';

const ALLOWED_TAGS = new Set(
  'P BR B STRONG I EM U S SUB SUP SPAN DIV BLOCKQUOTE HR H1 H2 H3 H4 UL OL LI A IMG TABLE THEAD TBODY TR TH TD'.split(
    ' ',
  ),
);

/**
 * Parses the output as a browser would (jsdom) and checks every element: only allow-listed tags, no
 * event handler or style attribute, and links and images only to http(s)/mailto or Sello's own paths.
 */
function assertInert(html: string) {
  const { document } = new JSDOM(`<!doctype html><body>${html}</body>`).window;
  for (const element of document.body.querySelectorAll('*')) {
    expect(ALLOWED_TAGS.has(element.tagName), `${element.tagName} in ${html}`).toBe(true);
    for (const attribute of element.attributes) {
      expect(attribute.name, html).not.toMatch(/^on|^style$|^srcdoc$|^formaction$/i);
      if (attribute.name === 'href' || attribute.name === 'src') {
        const url = new URL(attribute.value, 'https://sello.example/');
        expect(['http:', 'https:', 'mailto:'], `${attribute.value} in ${html}`).toContain(url.protocol);
      }
    }
  }
}

describe('sanitiseTemplateHtml', () => {
  it.each(XSS_CORPUS)('leaves nothing executable of %s', (payload) => {
    const once = sanitiseTemplateHtml(`<p>before</p>${payload}<p>after</p>`, PUBLIC_URL);
    assertInert(once);
    // Mutation: what is stored is parsed again later; a second pass must change nothing dangerous.
    assertInert(sanitiseTemplateHtml(once, PUBLIC_URL));
    expect(once).toContain('<p>before</p>');
  });

  it('keeps ordinary formatting, links and Sello images', () => {
    const html =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <a href="https://sello.example/x" target="_blank">l</a></p>' +
      '<ul><li>one</li></ul><img src="/rest/services/templates/image/AAAAAAAAAAAAAAAAAAAAAAAA" alt="logo" />';
    expect(sanitiseTemplateHtml(html, PUBLIC_URL)).toBe(
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <a href="https://sello.example/x" target="_blank" rel="noopener noreferrer">l</a></p>' +
        '<ul><li>one</li></ul><img src="/rest/services/templates/image/AAAAAAAAAAAAAAAAAAAAAAAA" alt="logo" />',
    );
  });

  it('keeps only images of Sello itself: relative, or under the public origin', () => {
    const images = [
      IMAGE_PATH,
      `https://sello.example${IMAGE_PATH}`,
      `https://tracker.example${IMAGE_PATH}`,
      `http://sello.example${IMAGE_PATH}`,
      `https://sello.example.tracker.example${IMAGE_PATH}`,
      `https://sello.example@tracker.example${IMAGE_PATH}`,
      `//tracker.example${IMAGE_PATH}`,
      `/\\tracker.example${IMAGE_PATH}`,
      `${IMAGE_PATH}?u=1`,
    ];
    const html = images.map((src) => `<img src="${src}" />`).join('');
    expect(sanitiseTemplateHtml(html, PUBLIC_URL)).toBe(
      `<img src="${IMAGE_PATH}" /><img src="https://sello.example${IMAGE_PATH}" />`,
    );
  });
});

describe('renderTemplate', () => {
  it('sends Sello images under the public origin and drops a stored image of another host', () => {
    const rendered = renderTemplate(
      {
        contentType: 'HTML',
        subject: null,
        body: `<p><img src="${IMAGE_PATH}" /><img src="https://tracker.example${IMAGE_PATH}" /></p>`,
      },
      { ...SAMPLE_TEMPLATE_VALUES, accessLink: '' },
      PUBLIC_URL,
    );
    expect(rendered.body).toBe(`<p><img src="https://sello.example${IMAGE_PATH}" /></p>`);
  });

  it.each(XSS_CORPUS)('escapes %s given as a value in every variable', (payload) => {
    const values = Object.fromEntries(
      Object.keys(SAMPLE_TEMPLATE_VALUES).map((name) => [name, payload]),
    ) as typeof SAMPLE_TEMPLATE_VALUES;
    const body = Object.keys(values)
      .map((name) => `<p>{{${name}}}</p><a href="{{${name}}}">l</a>`)
      .join('');
    const rendered = renderTemplate(
      { contentType: 'HTML', subject: '{{receiverName}}', body },
      values,
      'https://sello.example/',
    );
    assertInert(rendered.body);
    expect(rendered.subject).not.toMatch(/[\r\n]/);
  });

  it('writes SMS as plain text and counts it', () => {
    const rendered = renderTemplate(
      { contentType: 'SMS', subject: null, body: 'Hola {{receiverName}}: {{accessLink}}' },
      { ...SAMPLE_TEMPLATE_VALUES, receiverName: 'Ana' },
      'https://sello.example/',
    );
    expect(rendered).toMatchObject({
      subject: null,
      body: 'Hola Ana: https://sello.example/portal/#/r/SAMPLE',
      html: false,
      sms: { encoding: 'GSM7', segments: 1 },
    });
  });
});
