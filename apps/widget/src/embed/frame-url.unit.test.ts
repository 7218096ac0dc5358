import { describe, expect, it } from 'vitest';
import { frameUrl } from './frame-url';

describe('frameUrl', () => {
  const base = {
    widgetOrigin: 'https://planvy.example',
    projectId: '42',
    lang: 'en',
    apartment: null,
    hostOrigin: 'https://broker.example',
  };

  it('builds the widget address with language, embed flag and the host origin', () => {
    const url = new URL(frameUrl(base)!);
    expect(url.origin + url.pathname).toBe('https://planvy.example/view/42');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      lang: 'en',
      embed: '1',
      parent: 'https://broker.example',
    });
  });

  it('passes a numeric deep link, defaults the language and refuses odd project ids', () => {
    expect(frameUrl({ ...base, apartment: '7', lang: 'fr' })).toContain('lang=sv');
    expect(frameUrl({ ...base, apartment: '7' })).toContain('apartment=7');
    expect(frameUrl({ ...base, apartment: '7"><script>' })).not.toContain('apartment');
    expect(frameUrl({ ...base, projectId: '../admin' })).toBeNull();
  });
});
