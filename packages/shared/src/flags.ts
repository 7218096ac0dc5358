/**
 * The settings catalogues store yes/no as '1' and '0' (spec §3). A flag is on only when it
 * is '1': absent, '0' or anything else is off. Zod-free, so the widget reads flags with it too.
 */
export function isOn<Name extends string>(values: Partial<Record<Name, string>>, name: Name): boolean {
  return values[name] === '1';
}
