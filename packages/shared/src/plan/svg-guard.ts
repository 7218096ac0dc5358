/**
 * The browser's guard for plan markup, used by the widget and the admin editor alike. The
 * server sanitises every plan on upload and save; this is a second, independent line run
 * on whatever markup arrives, with the same policy (./svg-policy.ts, ./css-policy.ts):
 * parsed as XML (never HTML), rebuilt from the allowlist, links made harmless, and every
 * plan style rule confined to the plan's root. Zod-free and small: the widget imports it.
 */
import { cssValueAllowed, sanitizeDeclarations, scopeSelectorList } from './css-policy';
import {
  CSS_VALUE_ATTRIBUTES,
  PLAN_SCOPE,
  PLAN_SCOPE_ATTRIBUTE,
  planAttribute,
  planElement,
  planLinkAttributes,
  ROOT_DROPPED_ATTRIBUTES,
  safePlanHref,
  stripXmlForbidden,
  SVG_NS,
  TEXT_ONLY_ELEMENTS,
  XLINK_NS,
  XML_NS,
  XMLNS_NS,
} from './svg-policy';

export interface GuardOptions {
  /**
   * Selector of the plan's root that its style rules are confined to. Default: the stored
   * scope (PLAN_SCOPE, the root's `data-planvy-plan`), which keeps a saved plan unchanged.
   */
  scope?: string;
}

/**
 * Parses plan markup as SVG and cleans it; null when it is not a well-formed SVG document.
 * The result is detached (owned by an XML document): adopt it into the page when ready.
 */
export function guardPlan(markup: string, options: GuardOptions = {}): SVGSVGElement | null {
  const text = stripXmlForbidden(markup);
  const root = parseAsFragment(text) ?? parseAsDocument(text);
  if (!root || root.localName !== 'svg' || root.namespaceURI !== SVG_NS) return null;
  guardTree(root, options.scope ?? PLAN_SCOPE);
  return root as unknown as SVGSVGElement;
}

/**
 * The fast way for what the server stores (a bare `<svg>` element, no prolog): the XML
 * fragment parser of an inert XML document, which Chromium runs in well under half the
 * time of DOMParser's document parser on a 10 MB plan (230 vs 520 ms, scripts/bench/editor.ts).
 * Still XML, never HTML: the context element has no namespace, so the markup's own
 * `xmlns` decides as in a document, and an error throws. Undefined when the markup is not
 * one well-formed element (a prolog, a DOCTYPE, text around it, an XML error) or the DOM
 * lacks this parser: the document parser decides then, as it always did.
 */
function parseAsFragment(text: string): Element | null | undefined {
  if (!text.startsWith('<svg')) return undefined;
  try {
    const doc = document.implementation.createDocument(null, 'planvy-context', null);
    const range = doc.createRange();
    range.selectNodeContents(doc.documentElement);
    const fragment = range.createContextualFragment(text);
    const root = fragment.firstElementChild;
    // One element and at most white space after it, as in a document.
    for (let node = fragment.firstChild; node; node = node.nextSibling) {
      if (node !== root && !(node.nodeType === 3 && !node.nodeValue!.trim())) return undefined;
    }
    return root ?? undefined;
  } catch {
    return undefined;
  }
}

function parseAsDocument(text: string): Element | null {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  // Browsers report XML errors with a <parsererror> root or first child.
  if (doc.getElementsByTagName('parsererror').length > 0) return null;
  return doc.documentElement;
}

/**
 * Decisions a guard run makes once per distinct name or value: a 10 MB plan has some
 * 100,000 elements but a handful of attribute names and, mostly, a few repeated styles.
 */
interface Memo {
  names: Map<string, string | undefined>;
  elements: Map<string, boolean>;
  styles: Map<string, string>;
}

/** Cleans a parsed plan in place; iterative, so a deeply nested file cannot exhaust the stack. */
export function guardTree(root: Element, scope: string = PLAN_SCOPE): void {
  const memo: Memo = { names: new Map(), elements: new Map(), styles: new Map() };
  cleanAttributes(root, true, memo);
  root.setAttribute(PLAN_SCOPE_ATTRIBUTE, '');
  const stack: Element[] = [root];
  while (stack.length) {
    const el = stack.pop()!;
    for (let child = el.firstChild; child;) {
      const next = child.nextSibling;
      if (child.nodeType === 1) {
        const e = child as Element;
        const local = e.localName;
        let allowed = memo.elements.get(local);
        if (allowed === undefined) memo.elements.set(local, (allowed = planElement(local) === local));
        if (!allowed || e.namespaceURI !== SVG_NS) {
          e.remove();
        } else if (local === 'style') {
          guardStyle(e, scope);
        } else {
          cleanAttributes(e, false, memo);
          // <title>, <desc>: their text only, as one text node (TEXT_ONLY_ELEMENTS).
          if (!TEXT_ONLY_ELEMENTS.has(local)) stack.push(e);
          else if (e.childNodes.length > 1 || (e.firstChild && e.firstChild.nodeType !== 3))
            e.replaceChildren(e.textContent ?? '');
        }
      } else if (child.nodeType !== 3 && child.nodeType !== 4) {
        // Comments, processing instructions: nothing a plan needs.
        child.remove();
      }
      child = next;
    }
  }
}

/**
 * The canonical name of an allowed attribute, or undefined. XML is case-sensitive and an
 * unprefixed attribute is never in a namespace, so plain names are decided as strings (and
 * once per name); a prefixed one by its namespace, whatever the prefix says.
 */
function attributeName(el: Element, qualified: string, memo: Memo): string | undefined {
  if (!qualified.includes(':')) {
    if (memo.names.has(qualified)) return memo.names.get(qualified);
    const name = qualified !== 'xmlns' && planAttribute(qualified) === qualified ? qualified : undefined;
    memo.names.set(qualified, name);
    return name;
  }
  const attr = el.getAttributeNode(qualified);
  const local = attr?.localName;
  if (attr?.namespaceURI === XLINK_NS && (local === 'href' || local === 'title')) return `xlink:${local}`;
  if (attr?.namespaceURI === XML_NS && (local === 'space' || local === 'lang')) return `xml:${local}`;
  // Namespace declarations stay as they are (they change nothing once parsed).
  if (attr?.namespaceURI === XMLNS_NS && qualified === 'xmlns:xlink') return qualified;
  return undefined;
}

function cleanAttributes(el: Element, isRoot: boolean, memo: Memo): void {
  for (const qualified of el.getAttributeNames()) {
    const name = qualified === 'xmlns' ? 'xmlns' : attributeName(el, qualified, memo);
    if (name === 'xmlns' || name === 'xmlns:xlink') continue;
    // target and rel are the guard's to set (below), never the plan's.
    if (!name || name === 'target' || name === 'rel' || (isRoot && ROOT_DROPPED_ATTRIBUTES.has(name))) {
      el.removeAttribute(qualified);
      continue;
    }
    const isHref = name === 'href' || name === 'xlink:href';
    if (!isHref && name !== 'style' && !CSS_VALUE_ATTRIBUTES.has(name)) continue;
    const value = el.getAttribute(qualified) ?? '';
    let clean: string | null = value;
    if (isHref) {
      clean = safePlanHref(el.localName, value);
    } else if (name === 'style') {
      const key = isRoot ? `R${value}` : value;
      let declarations = memo.styles.get(key);
      if (declarations === undefined)
        memo.styles.set(key, (declarations = sanitizeDeclarations(value, isRoot)));
      clean = declarations || null;
    } else if ((value.includes('(') || value.includes('\\')) && !cssValueAllowed(value)) {
      clean = null;
    }
    if (clean === null) el.removeAttribute(qualified);
    else if (clean !== value) el.setAttribute(qualified, clean);
  }
  if (el.localName === 'a') {
    const link = planLinkAttributes(el.getAttribute('href') ?? el.getAttributeNS(XLINK_NS, 'href'));
    if (link) {
      el.setAttribute('target', link.target);
      el.setAttribute('rel', link.rel);
    }
  }
}

/** Rewrites a plan stylesheet with the browser's own CSS parser; child elements and attributes go. */
function guardStyle(style: Element, scope: string): void {
  const css = scopeStylesheet(style.textContent ?? '', scope);
  for (const attr of Array.from(style.attributes)) {
    if (!(attr.namespaceURI === null && attr.localName === 'media')) style.removeAttributeNode(attr);
  }
  style.textContent = css;
}

/** Rewrites a stylesheet so each rule applies under `scope` only, with allowed declarations only. */
export function scopeStylesheet(css: string, scope: string = PLAN_SCOPE): string {
  const rules = parseSheet(css);
  return rules ? scopeRules(rules, scope) : '';
}

function scopeRules(rules: CSSRuleList, scope: string): string {
  let out = '';
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    if (rule.type === 1) {
      const r = rule as CSSStyleRule;
      const selectors = scopeSelectorList(r.selectorText, scope);
      const body = sanitizeDeclarations(r.style.cssText);
      if (selectors && body) out += `${selectors}{${body}}`;
    } else if (rule.type === 4) {
      const r = rule as CSSMediaRule;
      const inner = scopeRules(r.cssRules, scope);
      if (inner && !/[{};\\]/.test(r.media.mediaText)) out += `@media ${r.media.mediaText}{${inner}}`;
    }
    // @import, @font-face, @keyframes, @layer, @property, @namespace, @supports and the rest
    // are dropped: each either fetches or names something global to the page.
  }
  return out;
}

function parseSheet(css: string): CSSRuleList | null {
  try {
    if (typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
      const sheet = new CSSStyleSheet();
      // replaceSync ignores @import, so parsing never fetches.
      sheet.replaceSync(css);
      return sheet.cssRules;
    }
    // Without constructable sheets: an inert document parses without fetching or applying.
    const doc = document.implementation.createHTMLDocument('');
    const el = doc.createElement('style');
    el.textContent = css.replace(/@import/gi, '@x-import');
    doc.head.appendChild(el);
    return el.sheet?.cssRules ?? null;
  } catch {
    return null;
  }
}
