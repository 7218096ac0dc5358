import { useTranslation } from 'react-i18next';

/** Date and time to the second: the queue place is the confirmation time (ADR 036). */
export function useFormatTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language === 'sv' ? 'sv-SE' : 'en-GB', {
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  return (iso: string) => format.format(new Date(iso));
}
