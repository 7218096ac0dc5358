import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from './filters';
import {
  parseOrigin,
  readParams,
  readState,
  shareUrl,
  stateQuery,
  writeState,
  type ViewState,
} from './params';

describe('readParams', () => {
  it('reads the project, language, deep link and embed parameters', () => {
    expect(
      readParams('/view/42', '?lang=en&apartment=7&embed=1&parent=https%3A%2F%2Fbroker.example'),
    ).toEqual({
      projectId: 42,
      lang: 'en',
      apartmentId: 7,
      plan: null,
      filters: NO_FILTERS,
      calc: null,
      embed: true,
      parentOrigin: 'https://broker.example',
      preview: false,
      pageUrl: null,
    });
  });

  it('defaults to Swedish and to a standalone page', () => {
    expect(readParams('/view/3/', '')).toEqual({
      projectId: 3,
      lang: 'sv',
      apartmentId: null,
      plan: null,
      filters: NO_FILTERS,
      calc: null,
      embed: false,
      parentOrigin: null,
      preview: false,
      pageUrl: null,
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

describe('view state in the address', () => {
  const state: ViewState = {
    plan: 'hus-a.svg',
    apartmentId: 12,
    filters: {
      statuses: ['sale', 'upcoming'],
      rooms: '3',
      building: 'A',
      priceMin: null,
      priceMax: 4_000_000,
      sizeMin: 50,
      sizeMax: null,
      available: true,
      favourites: true,
    },
    calc: null,
  };

  it('round-trips through readable query parameters, keeping other keys', () => {
    const query = new URLSearchParams('lang=en&utm=x&rooms=9');
    writeState(query, state);
    expect(query.toString()).toBe(
      'lang=en&utm=x&plan=hus-a.svg&apartment=12&status=sale%2Cupcoming&rooms=3&building=A&price_max=4000000&size_min=50&available=1&favourites=1',
    );
    expect(readState(query)).toEqual(state);
    expect(readState(new URLSearchParams(stateQuery(state)))).toEqual(state);
    const empty = new URLSearchParams('lang=en&status=sale');
    writeState(empty, { plan: null, apartmentId: null, filters: NO_FILTERS, calc: null });
    expect(empty.toString()).toBe('lang=en');
  });

  it("carries the calculator's inputs, and an empty choice of extras apart from none chosen", () => {
    const open: ViewState = {
      ...state,
      calc: { price: 3_100_000, down: 500_000, rate: 4.5, extras: ['parking', 'broadband'] },
    };
    const query = stateQuery(open);
    expect(query).toContain(
      'calc=1&calc_price=3100000&calc_down=500000&calc_rate=4.5&calc_extras=parking%2Cbroadband',
    );
    expect(readState(new URLSearchParams(query))).toEqual(open);
    const none: ViewState = { ...state, calc: { extras: [] } };
    expect(readState(new URLSearchParams(stateQuery(none))).calc).toEqual({ extras: [] });
    expect(
      readState(new URLSearchParams('calc=1&calc_rate=-2&calc_down=abc&calc_extras=<b>,el')).calc,
    ).toEqual({
      extras: ['el'],
    });
    expect(readState(new URLSearchParams('calc_rate=4')).calc).toBeNull();
  });

  it('ignores malformed values', () => {
    expect(
      readState(
        new URLSearchParams(
          'apartment=-1&status=<b>,sold&price_min=abc&available=yes&plan=' + 'x'.repeat(200),
        ),
      ),
    ).toEqual({ plan: null, apartmentId: null, filters: { ...NO_FILTERS, statuses: ['sold'] }, calc: null });
  });

  it('embedded, reads the state the host page passed and its address only on the parent origin', () => {
    const search = `?embed=1&parent=https%3A%2F%2Fbroker.example&state=${encodeURIComponent('plan=b.svg&available=1&embed=0')}`;
    const hash = `#page=${encodeURIComponent('https://broker.example/homes?utm=x#top')}`;
    const params = readParams('/view/4', search, hash);
    expect(params.plan).toBe('b.svg');
    expect(params.filters.available).toBe(true);
    expect(params.embed).toBe(true);
    expect(params.pageUrl).toBe('https://broker.example/homes?utm=x');
    expect(
      readParams('/view/4', search, `#page=${encodeURIComponent('https://evil.example/')}`).pageUrl,
    ).toBeNull();
    expect(readParams('/view/4', '', hash).pageUrl).toBeNull();
  });

  it('shares this page standalone, and the host page with the state when embedded', () => {
    const standalone = readParams('/view/4', '?lang=en');
    expect(shareUrl('https://planvy.example/view/4?lang=en#x', standalone, state)).toBe(
      `https://planvy.example/view/4?lang=en&${stateQuery(state)}`,
    );
    const embedded = readParams(
      '/view/4',
      '?embed=1&parent=https%3A%2F%2Fbroker.example',
      `#page=${encodeURIComponent('https://broker.example/homes?utm=x&planvy=old')}`,
    );
    const shared = new URL(shareUrl('https://planvy.example/view/4?embed=1', embedded, state));
    expect(shared.origin + shared.pathname).toBe('https://broker.example/homes');
    expect(shared.searchParams.get('utm')).toBe('x');
    expect(readState(new URLSearchParams(shared.searchParams.get('planvy')!))).toEqual(state);
    // Without the host's address: the widget's own page, without the frame's parameters.
    const bare = readParams('/view/4', '?embed=1&parent=https%3A%2F%2Fbroker.example&lang=en');
    expect(shareUrl('https://planvy.example/view/4?embed=1&parent=x&lang=en', bare, state)).toBe(
      `https://planvy.example/view/4?lang=en&${stateQuery(state)}`,
    );
  });
});
