import { serverMessage } from '@planvy/shared';
/**
 * Text PostgreSQL cannot store: a NUL character (refused in `text` and `jsonb`) and
 * UTF-16 surrogates without their pair, which have no UTF-8 form (the driver would
 * silently write U+FFFD, and `jsonb` refuses the escape).
 */
const SUSPECT = /[\0\ud800-\udfff]/;

/** Node ≥ 20 has String.prototype.isWellFormed; the ES2023 typings do not. */
const isWellFormed = (s: string) => (s as unknown as { isWellFormed(): boolean }).isWellFormed();

export function isStorableText(s: string): boolean {
  // The quick test keeps ordinary text (no NUL, no astral characters) to one regular-expression pass.
  if (!SUSPECT.test(s)) return true;
  return !s.includes('\0') && isWellFormed(s);
}

export const UNSTORABLE_MESSAGE = serverMessage('unstorable');

/** A field path fit to echo back in an error: the offending characters become U+FFFD. */
const printable = (path: string) => path.replace(/[\0\ud800-\udfff]/g, '\ufffd');

/**
 * The path ("info.0.url") of the first string, or object key, in `value` that cannot be
 * stored, or undefined. Walks without recursion, so a deeply nested body cannot overflow the stack.
 */
export function findUnstorable(value: unknown, root = ''): string | undefined {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return printable(path);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    } else if (v !== null && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        const at = path ? `${path}.${key}` : key;
        if (!isStorableText(key)) return printable(at);
        stack.push([child, at]);
      }
    }
  }
  return undefined;
}
