import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { seedProjectWorld, type ProjectWorld } from '../projects/project-fixtures';

let t: TestApp;
let w: ProjectWorld;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  w = await seedProjectWorld(t);
});

/** Spec §3: every setting and its default, written out so a wrong catalogue fails here. */
const DEFAULTS = {
  show_status: '0',
  multi_building: '0',
  show_sun_study: '0',
  label_font_size: '45',
  show_zone_numbers: '0',
  bostad_as_integer: '0',
  default_sort_order: 'status',
  use_apartment_information: '0',
  link_to_project: '',
  project_email: '',
  use_garden_size: '0',
  use_new_design: '0',
  hide_floor_column: '0',
  hide_fee_column: '0',
  show_all_apartments: '0',
  show_price_drop: '0',
  currency: 'kr',
  interest_enabled: '0',
  interest_retention_days: '30',
  cost_calculator: '1',
  calculator_rate: '',
  calculator_rate_source: '',
  calculator_rate_date: '',
  calculator_operating_cost: '0',
  calculator_down_payment: '0',
  calculator_parking: '0',
  calculator_electricity: '0',
  calculator_broadband: '0',
  reservation_days: '7',
};
type Name = keyof typeof DEFAULTS;

/** A value to send for each setting and what it is stored as. */
const CHANGES: [Name, unknown, string][] = [
  ['show_status', '1', '1'],
  ['multi_building', 1, '1'],
  ['show_sun_study', true, '1'],
  ['label_font_size', '60', '60'],
  ['show_zone_numbers', '1', '1'],
  ['bostad_as_integer', 'true', '1'],
  ['default_sort_order', 'bostad', 'bostad'],
  ['use_apartment_information', '1', '1'],
  ['link_to_project', 'https://eken.example/bostader?x=1', 'https://eken.example/bostader?x=1'],
  ['project_email', ' info@eken.example ', 'info@eken.example'],
  ['use_garden_size', '1', '1'],
  ['use_new_design', '1', '1'],
  ['hide_floor_column', '1', '1'],
  ['hide_fee_column', '1', '1'],
  ['show_all_apartments', '1', '1'],
  ['show_price_drop', '1', '1'],
  ['currency', 'sek', 'sek'],
  ['interest_enabled', true, '1'],
  ['interest_retention_days', ' 90 ', '90'],
  ['cost_calculator', '0', '0'],
  ['calculator_rate', '3,45', '3.45'],
  ['calculator_rate_source', ' SBAB, 3 mån listränta ', 'SBAB, 3 mån listränta'],
  ['calculator_rate_date', '2026-11-02', '2026-11-02'],
  ['calculator_operating_cost', 850, '850'],
  ['calculator_down_payment', '20', '20'],
  ['calculator_parking', '650', '650'],
  ['calculator_electricity', '400', '400'],
  ['calculator_broadband', '299', '299'],
  ['reservation_days', ' 14 ', '14'],
];

const url = (projectId: number, role = 'admin') => `/api/v1/${role}/settings/${projectId}`;

async function read(projectId: number, name: Name, token = w.admin.token) {
  const res = await t.as(token, { method: 'GET', url: `${url(projectId, 'client')}?name=${name}` });
  expect(res.statusCode).toBe(200);
  return res.json().value as string;
}

async function readAll(projectId: number, token = w.admin.token) {
  const res = await t.as(token, { method: 'GET', url: url(projectId, 'client') });
  expect(res.statusCode).toBe(200);
  return res.json().settings as Record<string, string>;
}

function write(projectId: number, payload: object, token = w.admin.token, role = 'admin') {
  return t.as(token, { method: 'POST', url: url(projectId, role), payload });
}

describe('reading settings', () => {
  it('gives every default to each role that reaches the project', async () => {
    for (const token of [w.admin.token, w.clientA.token, w.broker.token]) {
      expect(await readAll(w.projectA.id, token)).toEqual(DEFAULTS);
      for (const [name, value] of Object.entries(DEFAULTS)) {
        expect([name, await read(w.projectA.id, name as Name, token)]).toEqual([name, value]);
      }
    }
  });

  it('answers one setting as { name, value, version }', async () => {
    const res = await t.as(w.clientA.token, {
      method: 'GET',
      url: `${url(w.projectA.id, 'client')}?name=label_font_size`,
    });
    expect(res.json()).toEqual({ name: 'label_font_size', value: '45', version: 0 });
  });

  it('refuses an unknown setting name with 422', async () => {
    const res = await t.as(w.admin.token, { method: 'GET', url: `${url(w.projectA.id)}?name=colour` });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: ['Unknown setting name'] });
  });
});

describe('writing settings', () => {
  it('round-trips every setting, per project', async () => {
    for (const [name, value, expected] of CHANGES) {
      const res = await write(w.projectA.id, { name, value });
      expect([name, res.statusCode]).toEqual([name, 200]);
      expect(res.json()).toEqual({ name, value: expected, version: 1 });
    }
    const changed = Object.fromEntries(CHANGES.map(([name, , expected]) => [name, expected]));
    for (const token of [w.admin.token, w.clientA.token, w.broker.token]) {
      expect(await readAll(w.projectA.id, token)).toEqual(changed);
    }
    for (const [name, , expected] of CHANGES) {
      expect([name, await read(w.projectA.id, name, w.clientA.token)]).toEqual([name, expected]);
    }
    // The other project keeps its defaults.
    expect(await readAll(w.projectB.id)).toEqual(DEFAULTS);
  });

  it('overwrites a value and turns booleans back off', async () => {
    await write(w.projectA.id, { name: 'show_status', value: '1' });
    for (const value of [false, 0, 'false', '0']) {
      await write(w.projectA.id, { name: 'show_status', value: '1' });
      const res = await write(w.projectA.id, { name: 'show_status', value });
      expect(res.json()).toMatchObject({ name: 'show_status', value: '0' });
      expect(await read(w.projectA.id, 'show_status')).toBe('0');
    }
  });

  it('clears the e-mail and link with an empty value or null', async () => {
    for (const [name, value] of [
      ['project_email', 'a@b.se'],
      ['link_to_project', 'http://b.se'],
    ] as const) {
      for (const empty of ['', null]) {
        await write(w.projectA.id, { name, value });
        expect(await read(w.projectA.id, name)).toBe(value);
        const res = await write(w.projectA.id, { name, value: empty });
        expect(res.statusCode).toBe(200);
        expect(await read(w.projectA.id, name)).toBe('');
      }
    }
  });

  it('normalises a font size and accepts the bounds 8 and 400', async () => {
    for (const [value, expected] of [
      ['8', '8'],
      [400, '400'],
      [' 072 ', '72'],
    ] as const) {
      const res = await write(w.projectA.id, { name: 'label_font_size', value });
      expect(res.json().value).toBe(expected);
    }
  });

  const INVALID: [Name, unknown][] = [
    ['label_font_size', 'abc'],
    ['label_font_size', ''],
    ['label_font_size', '7'],
    ['label_font_size', '401'],
    ['label_font_size', 45.5],
    ['label_font_size', '45.5'],
    ['label_font_size', '-45'],
    ['label_font_size', '1e2'],
    ['label_font_size', true],
    ['label_font_size', null],
    ['default_sort_order', 'name'],
    ['default_sort_order', 'STATUS'],
    ['default_sort_order', ''],
    ['currency', 'eur'],
    ['currency', 'KR'],
    ['currency', 1],
    ['project_email', 'not-an-email'],
    ['project_email', 'a@'],
    ['project_email', 42],
    ['project_email', `${'a'.repeat(95)}@example.com`],
    ['link_to_project', 'not a url'],
    ['link_to_project', 'javascript:alert(1)'],
    ['link_to_project', 'ftp://files.example/x'],
    ['link_to_project', `https://x.example/${'a'.repeat(2000)}`],
    ['show_status', 'yes'],
    ['show_status', '2'],
    ['show_status', 2],
    ['show_status', ''],
    ['show_status', null],
    ['hide_fee_column', { on: true }],
    ['use_new_design', ['1']],
    ['calculator_rate', '3.456'],
    ['calculator_rate', '20.01'],
    ['calculator_rate', 'ränta'],
    ['calculator_rate', true],
    ['calculator_rate_source', 'två\nrader'],
    ['calculator_rate_source', 'x'.repeat(201)],
    ['calculator_rate_source', 5],
    ['calculator_rate_date', '2026-02-30'],
    ['calculator_rate_date', '2/11 2026'],
    ['calculator_down_payment', '101'],
  ];

  it.each(INVALID)('refuses %s = %j with 422 and keeps the stored value', async (name, value) => {
    const good = CHANGES.find(([n]) => n === name)!;
    await write(w.projectA.id, { name, value: good[1] });
    const res = await write(w.projectA.id, { name, value });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.status_code).toBe(422);
    expect(typeof body.message).toBe('string');
    expect(Object.keys(body.errors)).toEqual(['value']);
    expect(await read(w.projectA.id, name)).toBe(good[2]);
  });

  it('refuses a missing value and an unknown name with 422, storing nothing', async () => {
    const missing = await write(w.projectA.id, { name: 'currency' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['value']);
    const unknown = await write(w.projectA.id, { name: 'colour', value: '1' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ name: ['Unknown setting name'] });
    expect(await readAll(w.projectA.id)).toEqual(DEFAULTS);
  });

  it('lets an admin write through the client path too', async () => {
    const res = await write(w.projectB.id, { name: 'currency', value: 'sek' }, w.admin.token, 'client');
    expect(res.statusCode).toBe(200);
    expect(await read(w.projectB.id, 'currency')).toBe('sek');
  });

  it('refuses a client or broker with 403 on their own project, whatever they send', async () => {
    for (const who of ['clientA', 'broker'] as const) {
      for (const role of ['client', 'admin']) {
        for (const payload of [
          { name: 'currency', value: 'sek' },
          { name: 'currency', value: 'bad' },
        ]) {
          const res = await write(w.projectA.id, payload, w[who].token, role);
          expect([who, role, res.statusCode]).toEqual([who, role, 403]);
        }
      }
    }
    expect(await read(w.projectA.id, 'currency')).toBe('kr');
  });

  it('404s a project that does not exist', async () => {
    const res = await write(99999, { name: 'currency', value: 'sek' });
    expect(res.statusCode).toBe(404);
    const get = await t.as(w.admin.token, { method: 'GET', url: url(99999) });
    expect(get.statusCode).toBe(404);
  });
});
