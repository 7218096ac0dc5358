import { describe, expect, it } from 'vitest';
import { en, sv } from './index';

type Tree = { [key: string]: string | Tree };

/** Flattens nested translations to `a.b.c` → text. */
function flatten(tree: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) {
    out.set(prefix, tree);
    return out;
  }
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [k, v] of flatten(value, path)) out.set(k, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

function variables(text: unknown): string[] {
  return typeof text === 'string' ? [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1] ?? '').sort() : [];
}

const locales: Record<string, Tree> = { en, sv };
const flat = Object.fromEntries(Object.entries(locales).map(([lang, tree]) => [lang, flatten(tree)]));
const enFlat = flat.en ?? new Map<string, unknown>();
const svFlat = flat.sv ?? new Map<string, unknown>();

describe('locales', () => {
  it('have exactly the same nested keys in sv and en', () => {
    const onlyInEn = [...enFlat.keys()].filter((k) => !svFlat.has(k));
    const onlyInSv = [...svFlat.keys()].filter((k) => !enFlat.has(k));
    expect({ onlyInEn, onlyInSv }).toEqual({ onlyInEn: [], onlyInSv: [] });
  });

  it('contain only non-empty strings', () => {
    for (const [lang, entries] of Object.entries(flat)) {
      const bad = [...entries].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
      expect(bad, `empty or non-string values in ${lang}`).toEqual([]);
    }
  });

  it('use the same interpolation variables in both languages', () => {
    const mismatched = [...enFlat.keys()].filter(
      (k) => variables(enFlat.get(k)).join() !== variables(svFlat.get(k)).join(),
    );
    expect(mismatched).toEqual([]);
  });

  it('detects a key that exists in only one locale', () => {
    const a = flatten({ users: { title: 'Users', extra: 'x' } });
    const b = flatten({ users: { title: 'Användare' } });
    expect([...a.keys()].filter((k) => !b.has(k))).toEqual(['users.extra']);
  });
});
