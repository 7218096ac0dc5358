/**
 * A plan's ids in the page that shows it (ADR 020). The widget inlines plans into a page with ids
 * of its own (its data block, the targets of its labels and of its render-blocking link) and, in
 * the compare view, beside other plans. So every id a plan declares gets the plan's own prefix,
 * and every reference to one is rewritten the same way (`href="#…"`, `xlink:href`, `url(#…)` in
 * attributes and style sheets, `#id` selectors, aria id lists): no id of a plan can shadow, or be
 * named by, anything outside it, and the plan still draws as before. The server's page and the
 * browser's path both use this; the editor shows a plan in a shadow root (its own id scope) and
 * keeps the ids as stored. Zod-free and DOM-optional: the widget imports it.
 */
import { CSS_VALUE_ATTRIBUTES, XLINK_NS } from './svg-policy';

/** The prefix of every id of the plan whose root carries `scopeClass` (`pv-p3` → `pv-p3-`). */
export const planIdPrefix = (scopeClass: string) => `${scopeClass}-`;

/** aria attributes whose value is a list of ids. */
const ID_LIST_ATTRIBUTES: ReadonlySet<string> = new Set([
  'aria-activedescendant',
  'aria-controls',
  'aria-describedby',
  'aria-details',
  'aria-errormessage',
  'aria-flowto',
  'aria-labelledby',
  'aria-owns',
]);

/** `url(` with what may stand between it and a `#` (white space, a quote). */
const URL_REFERENCE = /(url\(\s*["']?\s*)#/gi;

/** A CSS value with every `url(#id)` moved into the namespace. */
const namespaceUrls = (value: string, prefix: string) =>
  value.replace(URL_REFERENCE, (_all, head: string) => `${head}#${prefix}`);

/**
 * The value of the attribute `name` (qualified, as the policy names it: `xlink:href`) with every
 * id it declares or names moved into the namespace `prefix`; the value itself when it has none.
 */
export function namespacedAttribute(name: string, value: string, prefix: string): string {
  if (name === 'id') return prefix + value;
  if (name === 'href' || name === 'xlink:href')
    return value.startsWith('#') ? `#${prefix}${value.slice(1)}` : value;
  if (ID_LIST_ATTRIBUTES.has(name))
    return value
      .split(/[\t\n\f\r ]+/)
      .filter(Boolean)
      .map((id) => prefix + id)
      .join(' ');
  if ((name === 'style' || CSS_VALUE_ATTRIBUTES.has(name)) && value.includes('('))
    return namespaceUrls(value, prefix);
  return value;
}

/** What may start an identifier after `#` (so `#123`, never a valid id selector, stays invalid). */
const ID_START = /^(?:[A-Za-z_\u0080-\uffff\\]|-[A-Za-z_\u0080-\uffff\\-])/;

/**
 * A plan style sheet (as the sanitiser or the browser writes one: rules and `@media` only) with
 * every `#id` selector and `url(#id)` moved into the namespace. Strings, escapes and comments are
 * read as CSS reads them: `[title="#x"]` and `\#x` name no id.
 */
export function namespaceStylesheet(css: string, prefix: string): string {
  if (!css.includes('#')) return css;
  let out = '';
  let last = 0;
  /** Per open block: whether it holds declarations (a rule's) or rules (an at-rule's). */
  const blocks: boolean[] = [];
  let declarations = false;
  /** Whether the prelude being read is an at-rule's; null before its first character. */
  let atRule: boolean | null = null;
  const insertPrefix = (at: number) => {
    out += css.slice(last, at) + prefix;
    last = at;
  };
  for (let i = 0; i < css.length; i++) {
    const ch = css[i]!;
    if (atRule === null && !declarations && ch > ' ') atRule = ch === '@';
    if (ch === '\\') {
      i++;
    } else if (ch === '"' || ch === "'") {
      for (i++; i < css.length && css[i] !== ch; i++) if (css[i] === '\\') i++;
    } else if (ch === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 1;
    } else if (ch === '{') {
      blocks.push((declarations = !atRule));
      atRule = null;
    } else if (ch === '}') {
      blocks.pop();
      declarations = blocks[blocks.length - 1] === true;
      atRule = null;
    } else if (ch === ';' && !declarations) {
      atRule = null;
    } else if (ch === '#' && !declarations) {
      if (!atRule && ID_START.test(css.slice(i + 1, i + 3))) insertPrefix(i + 1);
    } else if ((ch === 'u' || ch === 'U') && declarations) {
      const m = /^url\(\s*["']?\s*#/i.exec(css.slice(i, i + 16));
      if (m) {
        i += m[0].length - 1;
        insertPrefix(i + 1);
      }
    }
  }
  return out + css.slice(last);
}

/** Attribute names as the policy writes them: `xlink:href` for the XLink one. */
function policyName(attr: Attr): string | null {
  if (attr.namespaceURI === null) return attr.localName;
  return attr.namespaceURI === XLINK_NS ? `xlink:${attr.localName}` : null;
}

/**
 * Moves every id of a plan in the DOM (the browser's path, after the guard and after its zones
 * were read: they are known by their stored ids) into the namespace `prefix`.
 */
export function namespacePlanIds(root: Element, prefix: string): void {
  const all = root.getElementsByTagName('*');
  for (let i = -1; i < all.length; i++) {
    const el = i < 0 ? root : all[i]!;
    const attrs = el.attributes;
    for (let j = 0; j < attrs.length; j++) {
      const attr = attrs[j]!;
      const name = policyName(attr);
      if (name === null) continue;
      const value = namespacedAttribute(name, attr.value, prefix);
      if (value !== attr.value) attr.value = value;
    }
    if (el.localName === 'style' && el.textContent) {
      const css = namespaceStylesheet(el.textContent, prefix);
      if (css !== el.textContent) el.textContent = css;
    }
  }
}
