import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '../../../lib/i18n';

/** The UI language, re-rendering on change: status labels and number formats follow it. */
export function useUiLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'sv';
}
