import { SaxesParser } from 'saxes';

/** A parsed XML element: local name (prefix dropped), attributes by local name, children and text. */
export type TXmlElement = {
  name: string;
  attributes: Record<string, string>;
  children: TXmlElement[];
  text: string;
};

export const XML_LIMITS = { maxDepth: 32, maxElements: 5000 } as const;

export class XmlRefused extends Error {
  readonly key: 'ERR_XFORM_DOCTYPE' | 'ERR_XFORM_MALFORMED' | 'ERR_XFORM_TOO_DEEP';
  constructor(key: XmlRefused['key']) {
    super(key);
    this.key = key;
  }
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Parses a small XML document into a tree. A DOCTYPE is refused before parsing (no internal or external
 * entities, so no XXE and no entity expansion); the parser itself resolves only the five predefined
 * entities and fails on any other. Depth and element count are bounded.
 */
export function parseXmlTree(text: string): TXmlElement {
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) throw new XmlRefused('ERR_XFORM_DOCTYPE');
  const parser = new SaxesParser({ xmlns: false, position: false });
  const stack: TXmlElement[] = [];
  let root: TXmlElement | undefined;
  let count = 0;
  let failure: XmlRefused | undefined;
  const fail = (refusal: XmlRefused) => {
    failure ??= refusal;
  };
  parser.on('doctype', () => fail(new XmlRefused('ERR_XFORM_DOCTYPE')));
  parser.on('error', () => fail(new XmlRefused('ERR_XFORM_MALFORMED')));
  parser.on('opentag', (tag) => {
    count += 1;
    if (stack.length >= XML_LIMITS.maxDepth || count > XML_LIMITS.maxElements) {
      fail(new XmlRefused('ERR_XFORM_TOO_DEEP'));
      return;
    }
    const attributes: Record<string, string> = {};
    for (const [name, value] of Object.entries(tag.attributes)) attributes[localName(name)] = String(value);
    const element: TXmlElement = { name: localName(tag.name), attributes, children: [], text: '' };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const addText = (value: string) => {
    const current = stack.at(-1);
    if (current) current.text += value;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  try {
    parser.write(text).close();
  } catch {
    fail(new XmlRefused('ERR_XFORM_MALFORMED'));
  }
  if (failure) throw failure;
  if (!root) throw new XmlRefused('ERR_XFORM_MALFORMED');
  return root;
}

/** Every descendant named `name`, depth first. */
export function findAll(element: TXmlElement, name: string): TXmlElement[] {
  const found: TXmlElement[] = [];
  for (const child of element.children) {
    if (child.name === name) found.push(child);
    found.push(...findAll(child, name));
  }
  return found;
}

export const childNamed = (element: TXmlElement, name: string) => element.children.find((child) => child.name === name);
