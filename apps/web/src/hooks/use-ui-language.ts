import { useTranslation } from 'react-i18next';
import { languageOf, type Language } from '@planvy/shared';

/** The interface language, re-rendering on change: labels and number formats follow it. */
export function useUiLanguage(): Language {
  const { i18n } = useTranslation();
  return languageOf(i18n.resolvedLanguage);
}
