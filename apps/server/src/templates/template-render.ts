import type { TemplateContentType } from '@sello/contracts/enums';
import { countSmsSegments, type TSmsCount } from '@sello/contracts/sms-segments';
import {
  TEMPLATE_VARIABLE_PATTERN,
  type TemplateVariable,
  type TTemplateValues,
} from '@sello/contracts/template-variables';
import sanitizeHtml from 'sanitize-html';

/** Where template images are served: `uploadImage` answers this path with the image's public key. */
export const TEMPLATE_IMAGE_PATH = '/rest/services/templates/image/';
const IMAGE_PATH = /^\/rest\/services\/templates\/image\/[A-Za-z0-9_-]{22,64}$/;

/**
 * Whether an image is Sello's own: its image path, relative or under the public origin. The path alone is
 * not enough: any host can serve that path shape, and such an image would track the reader.
 */
function isOwnImage(src: string, origin: string): boolean {
  const path = src.startsWith(`${origin}/`) ? src.slice(origin.length) : src;
  return IMAGE_PATH.test(path);
}

/**
 * The allow-list of template HTML: text formatting, links (http, https, mailto), tables and Sello's own
 * images. No scripts, styles, event handlers, forms, frames, SVG or data: URLs; anything else is dropped
 * with its content when it can carry code, unwrapped otherwise.
 */
const SANITISE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'sub',
    'sup',
    'span',
    'div',
    'blockquote',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align'],
    p: ['align'],
    div: ['align'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'svg', 'math', 'iframe', 'object'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.target && { target: '_blank', rel: 'noopener noreferrer' }) },
    }),
  },
};

/**
 * The HTML of a template body reduced to the allow-list: what is stored and what is sent. Images other than
 * Sello's own under `publicUrl` (the console's public address) are dropped.
 */
export function sanitiseTemplateHtml(html: string, publicUrl: string): string {
  const origin = new URL(publicUrl).origin;
  return sanitizeHtml(html, {
    ...SANITISE_OPTIONS,
    exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnImage(frame.attribs.src ?? '', origin),
  });
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function fill(text: string, values: TTemplateValues, encode: (name: TemplateVariable, value: string) => string) {
  return text.replace(TEMPLATE_VARIABLE_PATTERN, (whole, name: string) =>
    name in values ? encode(name as TemplateVariable, values[name as TemplateVariable]) : whole,
  );
}

/**
 * The values with the sender's message filled itself: it may name the receiver's variables (never
 * `{{message}}`), and everything is filled in one pass, so no value is ever filled into another twice.
 */
export function fillMessageValue(values: TTemplateValues): TTemplateValues {
  const message = fill(values.message, { ...values, message: '' }, (_name, value) => value);
  return { ...values, message };
}

/** A message with a recipient page always carries its link: after the text when the template does not place it. */
function withLink(filled: string, source: string, link: string, format: (link: string) => string): string {
  if (link === '' || /\{\{\s*accessLink\s*\}\}/.test(source)) return filled;
  return filled + format(link);
}

/** `{{accessLink}}` written as text (outside a tag and outside a link's words) becomes a link to itself. */
function linkBareAccessLinks(html: string): string {
  let inAnchor = false;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith('<')) {
        if (/^<a\b/i.test(part)) inAnchor = true;
        else if (/^<\/a\s*>/i.test(part)) inAnchor = false;
        return part;
      }
      return inAnchor ? part : part.replace(/\{\{\s*accessLink\s*\}\}/g, '<a href="{{accessLink}}">{{accessLink}}</a>');
    })
    .join('');
}

/** A value written into HTML: escaped; the sender's message keeps its line breaks. */
function encodeHtmlValue(name: TemplateVariable, value: string): string {
  const escaped = escapeHtml(value);
  return name === 'message' ? escaped.replace(/\r?\n/g, '<br />') : escaped;
}

const isWebAddress = (value: string) => /^https?:\/\//i.test(value);

const hasVariables = (text: string) => /\{\{[^{}]*\}\}/.test(text);

export type TRenderedMessage = { subject: string | null; body: string; html: boolean; sms: TSmsCount | null };

/**
 * The one rendering of a template into a message, used by the preview and by the dispatch, so what
 * the preview shows is what is sent. HTML: values are escaped, Sello's image paths made absolute under
 * `publicUrl`, and the result goes through the allow-list once more. SMS: plain text, counted.
 * The subject is plain text on one line.
 */
export function renderTemplate(
  template: { contentType: TemplateContentType; subject: string | null; body: string },
  givenValues: TTemplateValues,
  publicUrl: string,
): TRenderedMessage {
  const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');
  const values = fillMessageValue(givenValues);
  if (template.contentType === 'SMS') {
    const body = withLink(
      fill(template.body, values, (_name, value) => value),
      template.body,
      values.accessLink,
      (link) => `\n${link}`,
    );
    return { subject: null, body, html: false, sms: countSmsSegments(body) };
  }
  const origin = new URL(publicUrl).origin;
  const withImages = template.body.replace(
    /(<img\b[^>]*?\bsrc\s*=\s*["'])\/rest\/services\/templates\/image\//gi,
    `$1${origin}${TEMPLATE_IMAGE_PATH}`,
  );
  return {
    // A subject with variables is the message's own; a plain one (or none) is only what the new-shipping
    // form proposes as the shipping's subject, so the message carries the shipping's subject as sent.
    subject: oneLine(
      fill(hasVariables(template.subject ?? '') ? template.subject! : '{{subject}}', values, (_name, value) => value),
    ),
    body: sanitiseTemplateHtml(
      withLink(
        // Only a web address becomes a link; any other value stays the escaped text it is.
        fill(
          /^https?:\/\//i.test(values.accessLink) ? linkBareAccessLinks(withImages) : withImages,
          values,
          encodeHtmlValue,
        ),
        template.body,
        values.accessLink,
        (link) =>
          isWebAddress(link)
            ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
            : `<p>${escapeHtml(link)}</p>`,
      ),
      publicUrl,
    ),
    html: true,
    sms: null,
  };
}
