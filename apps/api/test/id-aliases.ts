/**
 * What a lax number parser (`Number()`, `z.coerce.number()`) reads as `id`, and numbers
 * past the id range: each one names nothing and must be refused (ADR 021). The first
 * three (what `z.coerce.number()` took, what the old `^\d{1,10}$` checks took, a sign) are
 * part of the bad-input corpus the route walker (plugins/storable-input.test.ts) sends to
 * every id parameter of every route; plugins/url-input.test.ts sends them all.
 */
export function idAliases(id: number, kinds: 'few' | 'all' = 'all'): string[] {
  const aliases = [
    `${id}e0`,
    `0${id}`,
    `+${id}`,
    `0x${id.toString(16)}`,
    `${id}.0`,
    `%20${id}`,
    '2147483648',
    // Percent-encoded forms of the above, and more out of range.
    `${id}%20`,
    `%2B${id}`,
    `${id}%2E0`,
    `${id}%65%30`,
    '99999999999999999999',
    '-0',
    '0',
  ];
  return kinds === 'all' ? aliases : aliases.slice(0, 3);
}
