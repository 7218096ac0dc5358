import * as csstree from 'css-tree';
import {
  cssFunctionAllowed,
  cssPropertyAllowed,
  cssUrlAllowed,
  cssValueAllowed,
  scopeSelector,
} from '@planvy/shared/plan/css-policy';

/**
 * Plan CSS rewritten with a real CSS parser (css-tree), by the policy the browser guard
 * shares (packages/shared/src/plan/css-policy.ts). Names are compared decoded — `\75 rl(`
 * is url(, `\62 ody` is body — and written back without needless escapes. Whatever the
 * parser could not read (a Raw node) is dropped, never passed through.
 */

/** Parses in `context`; null when css-tree gives up (it throws on some broken values). */
function parse(text: string, context: string): csstree.CssNode | null {
  try {
    return csstree.parse(text, {
      context,
      parseValue: true,
      parseCustomProperty: false,
      positions: false,
      onParseError: () => undefined,
    });
  } catch {
    return null;
  }
}

/** An identifier as the browser reads it (escapes decoded), lower-cased. */
const decoded = (name: string) => (name.includes('\\') ? csstree.ident.decode(name) : name).toLowerCase();

/** Rewrites a name with escapes to its plainest form (`\62 ody` → `body`, `st\:0` stays escaped). */
function normaliseName(name: string): string {
  if (!name.includes('\\')) return name;
  return name
    .split('|')
    .map((part) => (part === '*' || part === '' ? part : csstree.ident.encode(csstree.ident.decode(part))))
    .join('|');
}

/** A declaration's value, rebuilt, or null when any part of it is not allowed. */
function cleanValue(value: csstree.CssNode): string | null {
  if (value.type !== 'Value') return null;
  let ok = true;
  csstree.walk(value, (node) => {
    if (!ok) return;
    switch (node.type) {
      case 'Raw':
        ok = false;
        break;
      case 'Url':
        ok = cssUrlAllowed(node.value);
        break;
      case 'Function':
        ok = cssFunctionAllowed(decoded(node.name));
        node.name = normaliseName(node.name);
        break;
      case 'Identifier':
        node.name = normaliseName(node.name);
        break;
    }
  });
  if (!ok) return null;
  const text = csstree.generate(value).trim();
  // As strict as the browser guard, so a stored plan passes it unchanged.
  return text && cssValueAllowed(text) ? text : null;
}

function cleanDeclarations(list: csstree.List<csstree.CssNode>, onRoot: boolean): string {
  const out: string[] = [];
  list.forEach((node) => {
    if (node.type !== 'Declaration') return;
    const property = decoded(node.property);
    if (!/^[a-z][a-z0-9-]*$/.test(property) || !cssPropertyAllowed(property, onRoot)) return;
    const value = cleanValue(node.value);
    // !important is dropped: plan rules never beat the app's own (the status colours).
    if (value !== null) out.push(`${property}:${value}`);
  });
  return out.join(';');
}

const OUTWARD_PSEUDO = new Set(['host', 'host-context', 'scope', 'slotted', 'part']);

/** One selector confined to the plan, or null when it reaches out of it or cannot be read. */
function cleanSelector(selector: csstree.CssNode): string | null {
  let ok = true;
  csstree.walk(selector, (node) => {
    if (node.type === 'Raw' || node.type === 'NestingSelector') ok = false;
    if (
      (node.type === 'PseudoClassSelector' || node.type === 'PseudoElementSelector') &&
      OUTWARD_PSEUDO.has(decoded(node.name))
    ) {
      ok = false;
    }
    if (
      node.type === 'ClassSelector' ||
      node.type === 'IdSelector' ||
      node.type === 'TypeSelector' ||
      node.type === 'PseudoClassSelector' ||
      node.type === 'PseudoElementSelector' ||
      node.type === 'Identifier'
    ) {
      node.name = normaliseName(node.name);
    }
  });
  return ok ? scopeSelector(csstree.generate(selector)) : null;
}

function cleanRules(list: csstree.List<csstree.CssNode>, depth: number): string {
  let out = '';
  list.forEach((node) => {
    if (node.type === 'Rule') {
      if (node.prelude.type !== 'SelectorList') return;
      const selectors: string[] = [];
      node.prelude.children.forEach((s) => {
        const scoped = cleanSelector(s);
        if (scoped) selectors.push(scoped);
      });
      // Only declarations: nested rules (CSS nesting) are dropped with everything else.
      const body = cleanDeclarations(node.block.children, false);
      if (selectors.length && body) out += `${selectors.join(',')}{${body}}`;
    } else if (node.type === 'Atrule' && decoded(node.name) === 'media' && node.block && depth < 4) {
      const prelude = node.prelude ? csstree.generate(node.prelude).trim() : '';
      let readable = node.prelude?.type !== 'Raw';
      if (node.prelude)
        csstree.walk(
          node.prelude,
          (n) => void (n.type === 'Raw' || n.type === 'Url' ? (readable = false) : 0),
        );
      const inner = cleanRules(node.block.children, depth + 1);
      if (readable && inner && !/[{};\\]|url\(/i.test(prelude)) out += `@media ${prelude || 'all'}{${inner}}`;
    }
    // Every other at-rule goes: @import and @font-face fetch; @keyframes, @layer, @property,
    // @counter-style, @namespace, @font-face and the rest name things global to the page.
  });
  return out;
}

/** A plan stylesheet (the text of a <style>), every rule confined to the plan. */
export function sanitizeStylesheet(css: string): string {
  const ast = parse(css, 'stylesheet');
  return ast?.type === 'StyleSheet' ? cleanRules(ast.children, 0) : '';
}

/** A `style` attribute; the root's may keep only what paints inside its own box. */
export function sanitizeStyleAttribute(text: string, onRoot: boolean): string {
  const ast = parse(text, 'declarationList');
  return ast?.type === 'DeclarationList' ? cleanDeclarations(ast.children, onRoot) : '';
}

/** A presentation attribute's value (`fill`, `filter`, `cursor`…), or null to drop it. */
export function sanitizePresentationValue(value: string): string | null {
  // The common case (`#ccc`, `2`, `none`) holds nothing a browser could fetch or run.
  if (!/[(\\]/.test(value)) return value;
  const ast = parse(value, 'value');
  return ast ? cleanValue(ast) : null;
}
