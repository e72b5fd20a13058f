import sanitizeHtml from 'sanitize-html';

/** Tags that end a paragraph: a blank line in the text. */
const PARAGRAPHS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'ol', 'table', 'hr']);
/** Tags that end a line. */
const LINES = new Set(['div', 'tr', 'li', 'br']);

/**
 * Parsing once through the allow-list parser leaves only tags, the text with its entities decoded (named ones
 * included) and `&amp;`, `&lt;`, `&gt;`, `&quot;` re-escaped; scripts, styles and comments are gone.
 */
const NORMALISE: sanitizeHtml.IOptions = {
  allowedTags: [...PARAGRAPHS, ...LINES, 'a', 'img', 'td', 'th'],
  allowedAttributes: { a: ['href'], img: ['alt'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'head',
    'svg',
    'math',
    'iframe',
    'object',
  ],
};

const ESCAPES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ESCAPES[name.toLowerCase()] ?? whole;
  });
}

const attribute = (tag: string, name: string) => {
  const match = new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag);
  return match ? decode(match[1]!) : '';
};

/**
 * The plain text of an HTML message, for every part that is text (a mail's text part, SMS, WhatsApp, the
 * recipient page's plain words): no tag survives, paragraphs are separated by a blank line, line breaks and
 * list items start a line, a link is its words with its address in brackets ("words (url)", the address alone
 * when it is its own words), an image is its alternative text, and entities are decoded. A text with no tag is
 * already plain: its own line breaks stay.
 */
export function convertHtmlToText(html: string): string {
  if (!/<\/?[a-z][^>]*>/i.test(html)) return html.trim();
  const normalised = sanitizeHtml(html, NORMALISE);
  let out = '';
  // A paragraph ends in a blank line, a line in a line break, however many tags end there at once.
  const breakLine = (lines: number) => {
    if (out.trim() === '') return;
    out = out.replace(/[ \t]+$/, '');
    const ending = /\n*$/.exec(out)![0].length;
    if (ending < lines) out += '\n'.repeat(lines - ending);
  };
  const links: { href: string; start: number }[] = [];
  for (const part of normalised.split(/(<[^>]*>)/)) {
    if (part === '') continue;
    if (!part.startsWith('<')) {
      out += decode(part.replace(/[ \t\r\n\f]+/g, ' ')).replace(/\u00a0/g, ' ');
      continue;
    }
    const [, closing, name = ''] = /^<(\/?)\s*([a-z0-9]+)/i.exec(part) ?? [];
    const tag = name.toLowerCase();
    if (PARAGRAPHS.has(tag)) breakLine(2);
    else if (tag === 'br') out += '\n';
    else if (tag === 'li' && !closing) {
      breakLine(1);
      out += '- ';
    } else if (LINES.has(tag)) breakLine(1);
    else if ((tag === 'td' || tag === 'th') && closing) out += ' ';
    else if (tag === 'img') out += attribute(part, 'alt');
    else if (tag === 'a' && !closing) links.push({ href: attribute(part, 'href'), start: out.length });
    else if (tag === 'a') {
      const link = links.pop();
      if (!link || link.href === '') continue;
      const words = out.slice(link.start).replace(/\s+/g, ' ').trim();
      const address = link.href.replace(/^(mailto|tel):/i, '');
      if (words === '') out += link.href;
      else if (words !== link.href && words !== address) out += ` (${link.href})`;
    }
  }
  return out
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
