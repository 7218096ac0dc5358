import { CDATA, Element, Text, type ChildNode } from 'domhandler';
import { html as p5, parseFragment, type DefaultTreeAdapterTypes as P5 } from 'parse5';
import {
  planAttribute,
  planElement,
  stripXmlForbidden,
  TEXT_ONLY_ELEMENTS,
  XLINK_NS,
  XML_NS,
} from '@planvy/shared/plan/svg-policy';

/**
 * A plan, read as XML on the server, written into the widget's HTML page (ADR 020). The HTML
 * parser is not an XML parser: inside `<svg>` it builds SVG elements, but the content of
 * `<title>` and `<desc>` is HTML again, tag and attribute names are folded to lower case and
 * mapped back by its own tables, and a `<p>` or `<b>` ends the SVG. So the tree is first reduced
 * to what HTML writes back exactly (`htmlReady`), then written (`planHtml`), and the markup can be
 * parsed again with a spec-compliant HTML parser and compared with the tree (`htmlMismatch`): the
 * server inlines a plan only when the page will hold exactly the tree it approved.
 */

/** Text nodes' text below `node` (a CDATA section's too), as a browser's textContent. */
function textOf(nodes: ChildNode[]): string {
  let text = '';
  for (const n of nodes) {
    if (n instanceof Text) text += n.data;
    else if (n instanceof Element || n instanceof CDATA) text += textOf(n.children);
  }
  return text;
}

/**
 * Reduces a parsed plan, in place, to what an HTML page holds exactly as it is: elements and
 * attributes the plan policy allows, by their canonical names (anything else goes, an element
 * with its content), no namespace declarations (HTML puts every element of an `<svg>` in the SVG
 * namespace), text only in `<style>`, `<title>` and `<desc>`, CDATA as text, no comments or
 * processing instructions, adjacent text as one node. The server's sanitiser has done all of
 * this but the last four already; this makes the page safe on its own.
 */
export function htmlReady(el: Element, allowed = new Map<string, boolean>()): void {
  for (const name in el.attribs) {
    let keep = allowed.get(name);
    if (keep === undefined) allowed.set(name, (keep = planAttribute(name) === name));
    if (!keep) delete el.attribs[name];
    else el.attribs[name] = stripXmlForbidden(el.attribs[name]!);
  }
  if (TEXT_ONLY_ELEMENTS.has(el.name)) {
    const text = stripXmlForbidden(textOf(el.children));
    setChildren(el, text ? [new Text(text)] : []);
    return;
  }
  const kept: ChildNode[] = [];
  for (const child of el.children) {
    let node: ChildNode | null = null;
    if (child instanceof Element) {
      if (planElement(child.name) === child.name) {
        htmlReady(child, allowed);
        node = child;
      }
    } else if (child instanceof Text || child instanceof CDATA) {
      const text = stripXmlForbidden(child instanceof Text ? child.data : textOf(child.children));
      const previous = kept[kept.length - 1];
      if (previous instanceof Text) previous.data += text;
      else if (text) node = new Text(text);
    }
    if (node) kept.push(node);
  }
  setChildren(el, kept);
}

function setChildren(el: Element, children: ChildNode[]): void {
  children.forEach((child, i) => {
    child.parent = el;
    child.prev = children[i - 1] ?? null;
    child.next = children[i + 1] ?? null;
  });
  el.children = children;
}

const REFERENCES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\r': '&#13;',
};
/**
 * Text and attribute values as the HTML parser reads them back: `&`, `<`, `>`, `"` as references,
 * CR too (HTML would read a line feed), and no character XML forbids (HTML turns NUL into U+FFFD).
 */
function escape(s: string): string {
  const clean = stripXmlForbidden(s);
  return /[&<>"\r]/.test(clean) ? clean.replace(/[&<>"\r]/g, (c) => REFERENCES[c]!) : clean;
}

/**
 * The markup of a plan made `htmlReady`. Inside `<svg>` the HTML parser honours `/>` and reads
 * `&…;` references in text and attributes, as XML does; elements are never written inside text-only
 * ones, where `/>` would not close them.
 */
export function planHtml(el: Element): string {
  let out = `<${el.name}`;
  for (const [name, value] of Object.entries(el.attribs)) out += ` ${name}="${escape(value)}"`;
  if (el.children.length === 0) return `${out}/>`;
  out += '>';
  for (const child of el.children) {
    if (child instanceof Element) out += planHtml(child);
    else if (child instanceof Text) out += escape(child.data);
  }
  return `${out}</${el.name}>`;
}

/** An element of the page's own after the plan: it must come out of the parser as the plan's next sibling. */
const SENTINEL = 'pv-plan-sentinel';
let context: P5.Element | undefined;

/**
 * Null when `html`, parsed by the HTML standard's fragment algorithm inside a `<div>` (where the
 * page puts a plan), gives exactly `tree` and leaves the parser where it was (what follows is not
 * swallowed); otherwise where the two first differ.
 */
export function htmlMismatch(tree: Element, html: string): string | null {
  context ??= parseFragment('<div></div>').childNodes[0] as P5.Element;
  const fragment = parseFragment(context, `${html}<${SENTINEL}></${SENTINEL}>`, {});
  const [first, second, ...rest] = fragment.childNodes;
  if (!first || !('tagName' in first) || second?.nodeName !== SENTINEL || rest.length > 0)
    return 'the markup does not parse as one element followed by the rest of the page';
  return sameElement(tree, first, tree.name);
}

/** An attribute as XML names it, by namespace and local name (the prefixes a plan may use are fixed). */
function xmlName(qualified: string): string {
  const colon = qualified.indexOf(':');
  if (colon < 0) return ` ${qualified}`;
  const prefix = qualified.slice(0, colon);
  const ns = prefix === 'xlink' ? XLINK_NS : prefix === 'xml' ? XML_NS : `(unknown prefix ${prefix})`;
  return `${ns} ${qualified.slice(colon + 1)}`;
}

/**
 * Names the HTML standard's table of SVG element names restores and parse5 (8.1.1) does not yet:
 * browsers build `feDropShadow` from `<feDropShadow>` in HTML, as the standard says
 * (https://html.spec.whatwg.org/multipage/parsing.html#parsing-main-inforeign).
 */
const NEWER_SVG_NAMES = new Map([['fedropshadow', 'feDropShadow']]);

function sameElement(el: Element, parsed: P5.Element, path: string): string | null {
  const name = NEWER_SVG_NAMES.get(parsed.tagName) ?? parsed.tagName;
  if (parsed.namespaceURI !== p5.NS.SVG || name !== el.name)
    return `${path}: parsed as ${parsed.namespaceURI} ${parsed.tagName}`;
  const attrs = new Map<string, string>(parsed.attrs.map((a) => [`${a.namespace ?? ''} ${a.name}`, a.value]));
  const expected = Object.entries(el.attribs);
  if (attrs.size !== expected.length || expected.some(([name, value]) => attrs.get(xmlName(name)) !== value))
    return `${path}: attributes ${JSON.stringify([...attrs])} instead of ${JSON.stringify(expected)}`;
  const children = parsed.childNodes;
  if (children.length !== el.children.length)
    return `${path}: ${children.length} child nodes instead of ${el.children.length}`;
  for (let i = 0; i < children.length; i++) {
    const mine = el.children[i]!;
    const theirs = children[i]!;
    if (mine instanceof Element) {
      if (!('tagName' in theirs)) return `${path}/${mine.name}: parsed as ${theirs.nodeName}`;
      const diff = sameElement(mine, theirs, `${path}/${mine.name}`);
      if (diff) return diff;
    } else if (
      !(mine instanceof Text) ||
      theirs.nodeName !== '#text' ||
      (theirs as P5.TextNode).value !== mine.data
    ) {
      return `${path}: text ${JSON.stringify((theirs as Partial<P5.TextNode>).value ?? theirs.nodeName)}`;
    }
  }
  return null;
}
