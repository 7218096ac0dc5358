import type { NotFoundInput } from '@planvy/shared/widget-page';
import { isLanguage, languageOf } from '@planvy/shared/language';
import { DICTIONARIES, type Lang } from './i18n';

/**
 * /view/{unknown} (and anything under /view that is no project id): a small page in the
 * widget's design, complete without script (issue 20). The language is the widget's own rule,
 * `?lang=sv|en`, and, where the address names none, the first of Swedish or English the browser
 * asks for (Accept-Language); Swedish otherwise. Server-only: the buyer's bundle carries none of it.
 */
const MORE: Record<Lang, string> = {
  sv: 'Länken kan vara fel, eller så har projektet tagits bort. Kontakta den som delade länken.',
  en: 'The link may be wrong, or the project may have been removed. Ask whoever shared the link.',
};

/** `?lang=` when it names sv or en, else the browser's first preference of the two, else sv. */
export function notFoundLanguage(search: string, acceptLanguage: string | undefined): Lang {
  const asked = new URLSearchParams(search).get('lang')?.toLowerCase();
  if (isLanguage(asked)) return asked;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lang: tag.split('-')[0], q: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => isLanguage(x.lang) && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return languageOf(ranked[0]?.lang);
}

/**
 * The page, from the widget's built template: its stylesheet and favicon stay, its script goes
 * (nothing here needs one), and the body is the message.
 */
export function renderNotFound({ template, search, acceptLanguage }: NotFoundInput): string {
  const lang = notFoundLanguage(search, acceptLanguage);
  const title = DICTIONARIES[lang].notFound;
  const body =
    `<div id="root"><main class="pv-root pv-not-found">` +
    `<h1 class="pv-title">${title}</h1><p class="pv-msg">${MORE[lang]}</p></main></div>`;
  return template
    .replace(/<script\b[^>]*>[^<]*<\/script>\s*/g, '')
    .replace(/<html lang="[a-z]+">/, `<html lang="${lang}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/<div id="root">[\s\S]*<\/div>/, () => body);
}
