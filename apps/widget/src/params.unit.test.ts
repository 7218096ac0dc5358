import { describe, expect, it } from 'vitest';
import { parseOrigin, readParams } from './params';

describe('readParams', () => {
  it('reads the project, language, deep link and embed parameters', () => {
    expect(
      readParams('/view/42', '?lang=en&apartment=7&embed=1&parent=https%3A%2F%2Fbroker.example'),
    ).toEqual({
      projectId: 42,
      lang: 'en',
      apartmentId: 7,
      embed: true,
      parentOrigin: 'https://broker.example',
      preview: false,
    });
  });

  it('defaults to Swedish and to a standalone page', () => {
    expect(readParams('/view/3/', '')).toEqual({
      projectId: 3,
      lang: 'sv',
      apartmentId: null,
      embed: false,
      parentOrigin: null,
      preview: false,
    });
    expect(readParams('/view/3', '?lang=de').lang).toBe('sv');
    expect(readParams('/view/3', '?preview=1').preview).toBe(true);
    expect(readParams('/view/3', '?preview=yes').preview).toBe(false);
  });

  it('ignores ids that are not positive 32-bit numbers', () => {
    expect(readParams('/view/abc', '').projectId).toBeNull();
    expect(readParams('/view/0', '').projectId).toBeNull();
    expect(readParams('/view/99999999999', '').projectId).toBeNull();
    expect(readParams('/view/1', '?apartment=1;alert(1)').apartmentId).toBeNull();
    expect(readParams('/view/1', '?apartment=-4').apartmentId).toBeNull();
  });

  it('takes the project from ?project= only on the dev server page', () => {
    expect(readParams('/widget/', '?project=5').projectId).toBe(5);
    expect(readParams('/view/6', '?project=5').projectId).toBe(6);
    expect(readParams('/other', '?project=5').projectId).toBeNull();
  });

  it('takes a parent origin only when embedded', () => {
    expect(readParams('/view/1', '?parent=https%3A%2F%2Fa.example').parentOrigin).toBeNull();
  });
});

describe('parseOrigin', () => {
  it('accepts bare http(s) origins only, never "*" or a URL with a path', () => {
    expect(parseOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    expect(parseOrigin('*')).toBeNull();
    expect(parseOrigin('https://a.example/page')).toBeNull();
    expect(parseOrigin('https://a.example/')).toBeNull();
    expect(parseOrigin('javascript:alert(1)')).toBeNull();
    expect(parseOrigin('null')).toBeNull();
    expect(parseOrigin(null)).toBeNull();
  });
});
