import type { Lang } from './i18n';

const locales: Record<Lang, string> = { sv: 'sv-SE', en: 'en-GB' };
const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(lang: Lang, maxDecimals: number): Intl.NumberFormat {
  const key = `${lang}:${maxDecimals}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locales[lang], { maximumFractionDigits: maxDecimals });
    formatters.set(key, f);
  }
  return f;
}

/** The currency setting is "kr" or "sek" (spec §9); "sek" reads as the ISO code. */
export function currencyLabel(setting: string): string {
  return setting.toLowerCase() === 'sek' ? 'SEK' : 'kr';
}

export function formatMoney(value: number | null, currency: string, lang: Lang): string | null {
  if (value === null || !Number.isFinite(value)) return null;
  return `${numberFormat(lang, 0).format(value)} ${currencyLabel(currency)}`;
}

export function formatArea(value: number | null, lang: Lang): string | null {
  if (value === null || !Number.isFinite(value)) return null;
  return `${numberFormat(lang, 1).format(value)} m²`;
}
