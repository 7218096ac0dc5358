/**
 * What a lax number parser (`Number()`, `z.coerce.number()`) reads as `id`, and numbers
 * past the id range: each one names nothing and must be refused (ADR 021). Part of the
 * bad-input corpus the route walker (plugins/storable-input.test.ts) sends to every route.
 */
export function idAliases(id: number): string[] {
  return [
    `${id}e0`,
    `+${id}`,
    `0x${id.toString(16)}`,
    `${id}.0`,
    `0${id}`,
    `%20${id}`,
    `${id}%20`,
    `%2B${id}`,
    `${id}%2E0`,
    `${id}%65%30`,
    '2147483648',
    '99999999999999999999',
    '-0',
    '0',
  ];
}
