/**
 * The interface languages (Swedish by default, English as the fallback) and the one way a
 * language is read from anything a person or a page can send: a query value, a stored
 * choice, i18next's resolved language. Zod-free, so the widget imports it too.
 */
export const LANGUAGES = ['sv', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'sv';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** `value` as a language, case aside (`EN` is English); anything else is the default. */
export function languageOf(value: unknown): Language {
  const lower = typeof value === 'string' ? value.toLowerCase() : value;
  return isLanguage(lower) ? lower : DEFAULT_LANGUAGE;
}
