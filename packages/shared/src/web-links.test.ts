import { describe, expect, it } from 'vitest';
import { apartmentFieldsSchema } from './apartments';
import { isApartmentLink, isWebUrl, linkHref } from './web-links';

/** Everything a link must never be, however it is dressed up. */
const JUNK = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  '\u0001javascript:alert(1)',
  'javascript://example.com/%0aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/png;base64,AAAA',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.com/a.pdf',
  '//evil.example/x',
  '/projects/1/a.pdf',
  'example.com/a.pdf',
  'https:evil.example',
  'https:/evil.example',
  'https://',
  'https:///evil.example',
  'https:\\\\evil.example',
  'http://exa\u0000mple.com',
  'https://example.com/\u2028x',
  '&#106;avascript:alert(1)',
  'mailto:javascript:alert(1)',
  'tel:javascript:alert(1)',
];

describe('web links', () => {
  it('accepts absolute http(s) addresses', () => {
    for (const ok of ['https://eken.example/1001', 'http://example.com', 'HTTPS://EXAMPLE.COM/a b.pdf?x=1#y'])
      expect(isWebUrl(ok), ok).toBe(true);
  });

  it('refuses every other scheme, relative junk and obfuscation', () => {
    for (const bad of JUNK) {
      expect(isWebUrl(bad), bad).toBe(false);
      expect(isApartmentLink(bad), bad).toBe(false);
      expect(linkHref(bad, true), bad).toBeNull();
    }
  });

  it('lets an apartment link be mailto: or tel: too, but not an info file', () => {
    expect(isApartmentLink('mailto:info@eken.example')).toBe(true);
    expect(isApartmentLink('mailto:info@eken.example?subject=1001')).toBe(true);
    expect(isApartmentLink('tel:+46 8 123 45 67')).toBe(true);
    expect(isWebUrl('mailto:info@eken.example')).toBe(false);
    expect(linkHref(' https://eken.example/ ')).toBe('https://eken.example/');
    expect(linkHref('tel:+4681234567')).toBeNull();
  });

  it('is the rule of the apartment schema, with the field named', () => {
    expect(
      apartmentFieldsSchema.safeParse({
        link: 'https://eken.example/1',
        info: [{ url: 'https://x.example/a.pdf' }],
      }).success,
    ).toBe(true);
    expect(apartmentFieldsSchema.safeParse({ link: '' }).success).toBe(true);
    const bad = apartmentFieldsSchema.safeParse({
      link: 'java\tscript:alert(1)',
      info: '[{"url":"data:text/html,x"}]',
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.'))).toEqual(['link', 'info.0.url']);
  });
});
