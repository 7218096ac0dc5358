/**
 * Which URLs Planvy stores and shows as links a buyer can follow (an apartment's `link`,
 * its info files, the project link): absolute http(s) addresses, and for an apartment's
 * link also mailto: and tel:. Everything else — javascript:, data:, vbscript:, relative
 * paths, addresses hidden behind control characters or entities — is refused when written
 * (422 naming the field) and never rendered as a link, even when stored before this rule.
 * One rule for the API schema, the web form and the widget; zod-free, the widget imports it.
 */

/** Control characters, and whitespace other than a plain space, are never part of a link. */
const UNPRINTABLE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/** An absolute http:// or https:// address with a host. */
export function isWebUrl(value: string): boolean {
  if (!/^https?:\/\/[^/\\\s]/i.test(value) || UNPRINTABLE.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const MAILTO = /^mailto:[^\s@<>()"',;:\\/]+@[^\s@<>()"',;:\\/]+\.[^\s@<>()"',;:\\/?]+(\?[^\s<>"\\]*)?$/i;
const TEL = /^tel:\+?[0-9][0-9 ()./-]{2,30}$/i;

/** An apartment's link: a web address, a mailto: address or a tel: number. */
export function isApartmentLink(value: string): boolean {
  return isWebUrl(value) || MAILTO.test(value) || TEL.test(value);
}

export const WEB_URL_MESSAGE = 'Must be a web address starting with http:// or https://';
export const APARTMENT_LINK_MESSAGE =
  'Must be a web address (http:// or https://), a mailto: address or a tel: number';

/**
 * The link to render for a stored value, or null to render none: trimmed, and only when it
 * passes the rule (`contact` allows mailto: and tel:).
 */
export function linkHref(value: string | null | undefined, contact = false): string | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  return (contact ? isApartmentLink(v) : isWebUrl(v)) ? v : null;
}
