import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_STYLES, STYLE_KEYS, type StyleKey, type StyleTriple } from '@planvy/shared';
import { createTestApp, type TestApp } from '../../../test/harness';
import { seedProjectWorld, type ProjectWorld } from '../projects/project-fixtures';

let t: TestApp;
let w: ProjectWorld;

beforeAll(async () => {
  // A long cache lifetime: a saved style can only show at once if the save drops the cached view.
  t = await createTestApp({ publicViewTtlMs: 60_000 });
});
afterAll(() => t.close());
/** An empty database with the project world (two clients, a broker, an admin, two projects). */
async function freshWorld() {
  await t.reset();
  t.app.publicViews.invalidate();
  w = await seedProjectWorld(t);
}

const scssUrl = (projectId: number | string, role = 'admin') => `/api/v1/${role}/scss/${projectId}`;

function save(projectId: number, scss: unknown, token = w.admin.token) {
  return t.as(token, { method: 'POST', url: scssUrl(projectId), payload: { scss } });
}
async function stored(projectId: number): Promise<StyleTriple[]> {
  const res = await t.as(w.admin.token, { method: 'GET', url: scssUrl(projectId) });
  expect(res.statusCode).toBe(200);
  return res.json<{ scss: StyleTriple[] }>().scss;
}
async function publicStyles(projectId: number): Promise<StyleTriple[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/public/view/${projectId}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ styles: StyleTriple[] }>().styles;
}

/** A valid value for each key that differs from its default. */
function otherValue(def: StyleKey, i: number): string {
  switch (def.kind) {
    case 'color':
      return [
        `#${(0x102030 + i * 0x0a0b0c).toString(16).slice(-6)}`,
        `rgb(${i}, 20, 30)`,
        'hsl(200, 50%, 40%)',
        'teal',
      ][i % 4]!;
    case 'size':
      return def.name === 'filter-size' ? '1.25em' : `${(def.min ?? 10) + 2}px`;
    case 'width':
      return '960px';
    case 'fontStyle':
      return 'italic';
    case 'fontFamily':
      return '"Courier New", monospace';
    case 'opacity':
      return def.default === '0.55' ? '0.4' : '0.95';
    case 'pattern':
      return 'none';
  }
}

const EVERY_KEY: [string, string][] = STYLE_KEYS.map((def, i) => [def.name, otherValue(def, i)]);
const asTriple = (name: string, value: string): StyleTriple => {
  const def = STYLE_KEYS.find((k) => k.name === name)!;
  return [def.key, def.attr, value];
};
const byKey = (list: StyleTriple[]) =>
  [...list].sort((a, b) => `${a[0]}-${a[1]}`.localeCompare(`${b[0]}-${b[1]}`));

describe('GET /admin/scss/default', () => {
  beforeEach(freshWorld);

  it('lists every catalogue key with its default', async () => {
    const res = await t.as(w.admin.token, { method: 'GET', url: '/api/v1/admin/scss/default' });
    expect(res.statusCode).toBe(200);
    expect(res.json().scss).toEqual(DEFAULT_STYLES);
    expect(res.json().scss).toContainEqual(['sold', 'svg', '#803c3c']);
    expect(res.json().scss).toContainEqual(['reserved', 'svg', '#aa4e4e']);
    expect(res.json().scss).toHaveLength(STYLE_KEYS.length);
  });
});

describe('project styles', () => {
  beforeEach(freshWorld);

  it('starts empty (the defaults apply)', async () => {
    expect(await stored(w.projectA.id)).toEqual([]);
  });

  it('round-trips every key and shows them in the public view at once', async () => {
    // Prime the cache: the public view must not keep answering the old styles.
    expect(await publicStyles(w.projectA.id)).toEqual(DEFAULT_STYLES);
    const res = await save(
      w.projectA.id,
      EVERY_KEY.map(([name, value]) => `${name}:${value}`),
    );
    expect(res.statusCode).toBe(200);
    const expected = EVERY_KEY.map(([name, value]) => asTriple(name, value));
    expect(byKey(res.json().scss)).toEqual(byKey(expected));
    expect(byKey(await stored(w.projectA.id))).toEqual(byKey(expected));
    expect(byKey(await publicStyles(w.projectA.id))).toEqual(byKey(expected));
    // Another project keeps the defaults.
    expect(await stored(w.projectB.id)).toEqual([]);
  });

  it('replaces the whole set, trims values, and returns to the defaults with an empty list', async () => {
    await save(w.projectA.id, ['sold-svg:#111111', 'font-size:18px']);
    const res = await save(w.projectA.id, ['sold-font: #eeeeee ', 'font-family:Georgia, serif']);
    expect(res.statusCode).toBe(200);
    expect(byKey(await stored(w.projectA.id))).toEqual([
      ['font', 'family', 'Georgia, serif'],
      ['sold', 'font', '#eeeeee'],
    ]);
    expect(await publicStyles(w.projectA.id)).toContainEqual(['sold', 'svg', '#803c3c']);
    expect((await save(w.projectA.id, [])).statusCode).toBe(200);
    expect(await stored(w.projectA.id)).toEqual([]);
    expect(await publicStyles(w.projectA.id)).toEqual(DEFAULT_STYLES);
  });

  it('accepts every colour form and the edges of each range', async () => {
    const good = [
      'sold-svg:#abc',
      'sale-svg:#abcd',
      'reserved-svg:#A1B2C3',
      'preorder-svg:#a1b2c3d4',
      'upcoming-svg:rgb(1, 2, 3)',
      'leased-svg:rgba(1,2,3,0.5)',
      'workInProgress-svg:rgb(10% 20% 30% / 50%)',
      'displayHome-svg:hsl(120, 50%, 50%)',
      'fsCoOwner-svg:hsla(120deg 50% 50% / 0.3)',
      'saleEtapp1-svg:RebeccaPurple',
      'saleEtapp2-svg:transparent',
      'font-size:10px',
      'title-size:6em',
      'filter-size:250%',
      'main-width:240px',
      'zone-opacity:0',
      'zone-hoverOpacity:1',
      'font-family:-apple-system, "Segoe UI", \'Open Sans\', sans-serif',
    ];
    const res = await save(w.projectA.id, good);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(w.projectA.id)).toHaveLength(good.length);
  });

  it('refuses a key given twice, too many entries and a body of the wrong shape', async () => {
    const twice = await save(w.projectA.id, ['sold-svg:#111111', 'sold-svg:#222222']);
    expect(twice.statusCode).toBe(422);
    expect(Object.keys(twice.json().errors)).toEqual(['scss.1']);
    const many = await save(
      w.projectA.id,
      Array.from({ length: STYLE_KEYS.length + 1 }, () => 'sold-svg:#111111'),
    );
    expect(many.statusCode).toBe(422);
    expect(Object.keys(many.json().errors)).toEqual(['scss']);
    for (const scss of ['sold-svg:#111111', [['sold', 'svg', '#111111']], [{ attr: 'sold-svg' }], null]) {
      const res = await save(w.projectA.id, scss);
      expect([JSON.stringify(scss), res.statusCode]).toEqual([JSON.stringify(scss), 422]);
    }
    const missing = await t.as(w.admin.token, { method: 'POST', url: scssUrl(w.projectA.id), payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(await stored(w.projectA.id)).toEqual([]);
  });

  it('is 404 for a project that does not exist and for a malformed id (ADR 021: a path that names nothing)', async () => {
    expect((await t.as(w.admin.token, { method: 'GET', url: scssUrl(99999) })).statusCode).toBe(404);
    expect((await save(99999, ['sold-svg:#111111'])).statusCode).toBe(404);
    expect((await t.as(w.admin.token, { method: 'GET', url: scssUrl('abc') })).statusCode).toBe(404);
  });

  it('refuses clients and brokers with 403 on every admin route, whatever the project', async () => {
    await save(w.projectA.id, ['sold-svg:#111111']);
    for (const who of ['clientA', 'clientB', 'broker'] as const) {
      const token = w[who].token;
      const calls = [
        { method: 'GET' as const, url: '/api/v1/admin/scss/default' },
        { method: 'GET' as const, url: scssUrl(w.projectA.id) },
        { method: 'GET' as const, url: scssUrl(w.projectB.id) },
        { method: 'POST' as const, url: scssUrl(w.projectA.id), payload: { scss: ['sold-svg:#222222'] } },
        { method: 'POST' as const, url: scssUrl(w.projectA.id), payload: { scss: ['sold-svg:red;}'] } },
        { method: 'POST' as const, url: scssUrl(w.projectB.id), payload: { scss: [] } },
      ];
      for (const call of calls) {
        const res = await t.as(token, call);
        expect([who, call.method, call.url, res.statusCode]).toEqual([who, call.method, call.url, 403]);
      }
    }
    expect(await stored(w.projectA.id)).toEqual([['sold', 'svg', '#111111']]);
    expect(await stored(w.projectB.id)).toEqual([]);
  });

  it('asks for a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: scssUrl(w.projectA.id), payload: { scss: [] } });
    expect(res.statusCode).toBe(401);
  });

  it('lets anyone who reaches the project read its styles through the client path, and no one else', async () => {
    await save(w.projectA.id, ['sold-svg:#111111']);
    for (const token of [w.clientA.token, w.broker.token, w.admin.token]) {
      const res = await t.as(token, { method: 'GET', url: scssUrl(w.projectA.id, 'client') });
      expect(res.statusCode).toBe(200);
      expect(res.json().scss).toEqual([['sold', 'svg', '#111111']]);
    }
    for (const [token, id] of [
      [w.clientB.token, w.projectA.id],
      [w.broker.token, w.projectB.id],
      [w.clientA.token, 99999],
    ] as const) {
      const res = await t.as(token, { method: 'GET', url: scssUrl(id, 'client') });
      expect(res.statusCode).toBe(404);
    }
    // There is no client write.
    const post = await t.as(w.clientA.token, {
      method: 'POST',
      url: scssUrl(w.projectA.id, 'client'),
      payload: { scss: [] },
    });
    expect(post.statusCode).toBe(404);
    expect(await stored(w.projectA.id)).toEqual([['sold', 'svg', '#111111']]);
  });
});

/**
 * The corpora of refused entries share one world, with one style saved: a refused save changes
 * nothing, which each case checks, so a case that stored anything fails there and in the cases
 * after it. (Building the world again for each of ~170 cases was most of this file's time.)
 */
describe('refused entries', () => {
  const SEEDED: StyleTriple[] = [['title', 'color', '#123456']];
  beforeAll(async () => {
    await freshWorld();
    expect((await save(w.projectA.id, ['title-color:#123456'])).statusCode).toBe(200);
  });

  /** [name, value] pairs that must never be stored. */
  const HOSTILE: [string, string][] = [];
  const ATTACKS = [
    'red;}body{display:none}',
    'red;background:url(https://evil.example/x.png)',
    'url(https://evil.example/x.png)',
    'url(javascript:alert(1))',
    'expression(alert(1))',
    '</style><script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    'red !important',
    'var(--pv-sold-svg)',
    'calc(1px + 1px)',
    'attr(data-x)',
    'image-set("x.png" 1x)',
    '@import "x.css"',
    '\\72 ed',
    'red\n}',
    'red/**/',
    'x'.repeat(201),
    `#${'a'.repeat(300)}`,
    '',
    '   ',
  ];
  for (const name of ['sold-svg', 'font-size', 'main-width', 'font-style', 'font-family', 'zone-opacity']) {
    for (const value of ATTACKS) HOSTILE.push([name, value]);
  }
  HOSTILE.push(
    ['sold-svg', 'notacolour'],
    ['sold-svg', 'inherit'],
    ['sold-svg', '#ggg'],
    ['sold-svg', 'rgb(1, 2)'],
    ['font-size', '16'],
    ['font-size', '-16px'],
    ['font-size', '1e3px'],
    ['font-size', '9px'],
    ['font-size', '41px'],
    ['font-size', '16pt'],
    ['main-width', '239px'],
    ['main-width', '101%'],
    ['main-width', 'auto'],
    ['font-style', 'oblique'],
    ['font-style', 'ITALIC'],
    ['font-family', 'Arial; color: red'],
    ['font-family', 'Arial{}'],
    ['font-family', '"Arial'],
    ['font-family', '"Ar"ial"'],
    ['font-family', 'a,b,c,d,e,f,g,h,i,j,k'],
    ['font-family', '9px Arial'],
    ['zone-opacity', '1.5'],
    ['zone-opacity', '-0.1'],
    ['zone-opacity', '50%'],
  );

  it.each(HOSTILE)('refuses %s = %j with a 422 naming the entry, storing nothing', async (name, value) => {
    const res = await save(w.projectA.id, ['sold-font:#000000', `${name}:${value}`]);
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.status_code).toBe(422);
    expect(Object.keys(body.errors)).toEqual(['scss.1']);
    expect(body.errors['scss.1'][0]).toMatch(new RegExp(name));
    expect(body.message).not.toMatch(/insert|select|stack|at \w+ \(/i);
    expect(await stored(w.projectA.id)).toEqual(SEEDED);
  });

  it.each([
    'evil-svg:#ffffff',
    'sold-background:#ffffff',
    '__proto__-svg:#ffffff',
    'constructor:#ffffff',
    'sold svg:#ffffff',
    'no colon at all',
    ':#ffffff',
    `${'x'.repeat(500)}:#fff`,
  ])('refuses the unknown key in %j', async (entry) => {
    const res = await save(w.projectA.id, [entry]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'scss.0': ['Unknown style key'] });
    expect(await stored(w.projectA.id)).toEqual(SEEDED);
  });
});

describe('audit log', () => {
  beforeEach(freshWorld);

  it('records who saved which style names for which project, and each theme write by name', async () => {
    const entries = async (n: number) => {
      const res = await t.as(w.admin.token, { method: 'GET', url: `/api/v1/admin/audit?limit=${n}` });
      expect(res.statusCode).toBe(200);
      return res.json<{
        entries: {
          action: string;
          entity_type: string;
          entity_id: string | null;
          project: { id: number } | null;
          detail: Record<string, unknown>;
        }[];
      }>().entries;
    };
    expect((await save(w.projectA.id, ['sold-svg:#111111', 'font-family:Georgia, serif'])).statusCode).toBe(
      200,
    );
    expect((await save(w.projectA.id, ['sold-svg:red;}body{'])).statusCode).toBe(422);
    const made = await t.as(w.admin.token, {
      method: 'POST',
      url: '/api/v1/admin/styles',
      payload: { name: 'Nordisk', data: [] },
    });
    const id = made.json<{ theme: { id: number } }>().theme.id;
    await t.as(w.admin.token, { method: 'DELETE', url: `/api/v1/admin/styles/${id}` });
    const [deleted, created, saved, before] = await entries(4);
    expect(saved).toMatchObject({
      action: 'update',
      entity_type: 'style',
      entity_id: null,
      project: { id: w.projectA.id },
      detail: { names: ['font-family', 'sold-svg'] },
    });
    expect(created).toMatchObject({
      action: 'create',
      entity_type: 'theme',
      entity_id: String(id),
      project: null,
      detail: { name: 'Nordisk' },
    });
    expect(deleted).toMatchObject({
      action: 'delete',
      entity_type: 'theme',
      entity_id: String(id),
      project: null,
    });
    // The refused save left no entry.
    expect(before?.entity_type).not.toBe('style');
  });
});

describe('themes', () => {
  beforeEach(freshWorld);

  const themesUrl = '/api/v1/admin/styles';
  const create = (payload: object, token = w.admin.token) =>
    t.as(token, { method: 'POST', url: themesUrl, payload });
  const update = (id: number, payload: object, token = w.admin.token) =>
    t.as(token, { method: 'POST', url: `${themesUrl}/${id}`, payload });
  const list = async () => {
    const res = await t.as(w.admin.token, { method: 'GET', url: themesUrl });
    expect(res.statusCode).toBe(200);
    return res.json().themes as { id: number; name: string; data: { attr: string; val: string }[] }[];
  };

  it('creates, lists by name, updates and deletes', async () => {
    const every = EVERY_KEY.map(([attr, val]) => ({ attr, val }));
    const made = await create({ name: '  Nordisk  ', data: every });
    expect(made.statusCode).toBe(201);
    const theme = made.json().theme;
    expect(theme).toMatchObject({ name: 'Nordisk', data: every });
    expect(typeof theme.id).toBe('number');
    expect(Date.parse(theme.created_at)).not.toBeNaN();
    await create({ name: 'arkitekt', data: [] });
    expect((await list()).map((x) => x.name)).toEqual(['arkitekt', 'Nordisk']);

    const changed = await update(theme.id, {
      name: 'Nordisk ljus',
      data: [{ attr: 'sold-svg', val: ' #010203 ' }],
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().theme).toMatchObject({
      id: theme.id,
      name: 'Nordisk ljus',
      data: [{ attr: 'sold-svg', val: '#010203' }],
    });
    expect((await list()).find((x) => x.id === theme.id)?.data).toEqual([
      { attr: 'sold-svg', val: '#010203' },
    ]);
    // Keeping its own name is not a clash.
    expect((await update(theme.id, { name: 'NORDISK LJUS', data: [] })).statusCode).toBe(200);

    const removed = await t.as(w.admin.token, { method: 'DELETE', url: `${themesUrl}/${theme.id}` });
    expect(removed.statusCode).toBe(204);
    expect((await list()).map((x) => x.name)).toEqual(['arkitekt']);
    const again = await t.as(w.admin.token, { method: 'DELETE', url: `${themesUrl}/${theme.id}` });
    expect(again.statusCode).toBe(404);
    expect((await update(theme.id, { name: 'x', data: [] })).statusCode).toBe(404);
  });

  it('refuses a name another theme has, ignoring case', async () => {
    const first = (await create({ name: 'Nordisk', data: [] })).json().theme;
    const other = (await create({ name: 'Urban', data: [] })).json().theme;
    const dup = await create({ name: 'NORDISK', data: [] });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ name: ['A theme with this name already exists'] });
    const rename = await update(other.id, { name: 'nordisk', data: [] });
    expect(rename.statusCode).toBe(422);
    expect((await list()).map((x) => [x.id, x.name])).toEqual([
      [first.id, 'Nordisk'],
      [other.id, 'Urban'],
    ]);
  });

  it.each([
    [{ name: '', data: [] }, 'name'],
    [{ name: '   ', data: [] }, 'name'],
    [{ name: 'x'.repeat(101), data: [] }, 'name'],
    [{ data: [] }, 'name'],
    [{ name: 'T' }, 'data'],
    [{ name: 'T', data: 'sold-svg:#fff' }, 'data'],
    [{ name: 'T', data: [{ attr: 'sold-svg', val: 'red;}body{display:none}' }] }, 'data.0.val'],
    [
      { name: 'T', data: [{ attr: 'main-background', val: 'url(https://evil.example/x.png)' }] },
      'data.0.val',
    ],
    [{ name: 'T', data: [{ attr: 'font-family', val: 'expression(alert(1))' }] }, 'data.0.val'],
    [{ name: 'T', data: [{ attr: 'font-family', val: '</style><script>alert(1)</script>' }] }, 'data.0.val'],
    [{ name: 'T', data: [{ attr: 'font-size', val: `${'1'.repeat(300)}px` }] }, 'data.0.val'],
    [{ name: 'T', data: [{ attr: 'sold-svg', val: 12 }] }, 'data.0.val'],
    [{ name: 'T', data: [{ attr: 'evil', val: '#fff' }] }, 'data.0.attr'],
    [
      {
        name: 'T',
        data: [
          { attr: 'sold-svg', val: '#fff' },
          { attr: 'sold-svg', val: '#000' },
        ],
      },
      'data.1.attr',
    ],
  ])('refuses %j with a 422 on %s and stores nothing', async (payload, field) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([field]);
    expect(await list()).toEqual([]);
  });

  it('keeps a theme as it was when an update is refused', async () => {
    const theme = (await create({ name: 'Nordisk', data: [{ attr: 'sold-svg', val: '#111111' }] })).json()
      .theme;
    const res = await update(theme.id, { name: 'Nordisk', data: [{ attr: 'sold-svg', val: 'url(x)' }] });
    expect(res.statusCode).toBe(422);
    expect((await list())[0]?.data).toEqual([{ attr: 'sold-svg', val: '#111111' }]);
  });

  it('is for admins only', async () => {
    const theme = (await create({ name: 'Nordisk', data: [] })).json().theme;
    for (const who of ['clientA', 'broker'] as const) {
      const token = w[who].token;
      expect((await t.as(token, { method: 'GET', url: themesUrl })).statusCode).toBe(403);
      expect((await create({ name: 'Mine', data: [] }, token)).statusCode).toBe(403);
      expect((await update(theme.id, { name: 'Mine', data: [] }, token)).statusCode).toBe(403);
      expect((await t.as(token, { method: 'DELETE', url: `${themesUrl}/${theme.id}` })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: themesUrl })).statusCode).toBe(401);
    expect((await list()).map((x) => x.name)).toEqual(['Nordisk']);
  });
});
