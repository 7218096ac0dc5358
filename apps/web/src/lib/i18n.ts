import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, sv } from '../locales';

import { DEFAULT_LANGUAGE, isLanguage, languageOf, LANGUAGES, type Language } from '@planvy/shared';

export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language };
export const LANGUAGE_STORAGE_KEY = 'lang';

export const resources = {
  sv: { translation: sv },
  en: { translation: en },
} as const;

function storedLanguage(): Language {
  try {
    return languageOf(globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function syncDocument(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: LANGUAGES,
  // Resources are bundled, so initialise synchronously and render translated text on the first paint.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
syncDocument(i18n.language);

i18n.on('languageChanged', (language) => {
  syncDocument(language);
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // The choice then only lasts for this page load.
  }
});

export function currentLanguage(): Language {
  return languageOf(i18n.resolvedLanguage);
}

export async function setLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}

export { i18n };
