import { SaxesParser } from 'saxes';

/** An element of a parsed XML document: its namespace, attributes, text and children. */
export interface XmlElement {
  name: string;
  uri: string;
  attributes: Record<string, string>;
  /** The text directly inside it, entities resolved. */
  text: string;
  children: XmlElement[];
}

/**
 * Parses a whole document with saxes, a conforming XML 1.0 parser with namespaces: anything not
 * well-formed (an unescaped `&` or `<`, an unknown entity, a character XML cannot carry, an
 * unbound prefix) throws.
 */
export function parseXml(document: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let failure: Error | null = null;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      name: tag.local,
      uri: tag.uri,
      attributes: Object.fromEntries(
        Object.values(tag.attributes).map((attribute) => [attribute.name, attribute.value]),
      ),
      text: '',
      children: [],
    };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('text', (text) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  });
  parser.on('closetag', () => stack.pop());
  parser.write(document).close();
  if (failure) throw failure;
  if (!root) throw new Error('no root element');
  return root;
}

/** The children named `name`. */
export const childrenNamed = (element: XmlElement, name: string) =>
  element.children.filter((child) => child.name === name);

/** The one child named `name`: fails when there is none. */
export function child(element: XmlElement, name: string): XmlElement {
  const found = childrenNamed(element, name);
  if (found.length === 0) throw new Error(`<${element.name}> has no <${name}>`);
  return found[0]!;
}
