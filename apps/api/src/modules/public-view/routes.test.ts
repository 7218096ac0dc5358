import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app';
import { apartments as apartmentsTable, clickEvents, rateLimits } from '../../db/schema';
import type { ApartmentOverrides } from '@planvy/shared/test/arrange';
import { arrangeFor, createTestApp, multipart, type TestApp } from '../../../test/harness';

let t: TestApp;
type U = Awaited<ReturnType<TestApp['createUser']>>;
let admin: U, client: U;
let project: number;
/** Opens one visitor may count per project per hour, in this file. */
const CAP = 5;

beforeAll(async () => {
  t = await createTestApp({ publicViewTtlMs: 0, clickLimitPerHour: CAP });
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.reset();
  admin = await t.createUser('admin');
  client = await t.createUser('client', { email: 'owner@example.com' });
  project = (await arrangeFor(t, admin.token).project({ owner: client.id, name: 'Sjöutsikten' })).id;
});

const addApartment = (body: ApartmentOverrides) => arrangeFor(t, admin.token).apartment(project, body);

const view = (id = project, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1/public/view/${id}`, headers });

describe('GET /public/view/{projectId}', () => {
  it('gives plans, apartments, settings and styles, and nothing private', async () => {
    const a = await addApartment({
      bostad: '1101',
      price: 2500000,
      fee: 3000,
      status: 'sale',
      description: 'Fin',
    });
    await addApartment({ bostad: '1102', price: 3100000, fee: 4000, inactive: '1' });
    const { payload, headers } = multipart(
      'plan.svg',
      `<svg xmlns="http://www.w3.org/2000/svg"><rect id="${a.id}" data-bostad="1101" width="1" height="1"/></svg>`,
    );
    await t.as(admin.token, { method: 'POST', url: `/api/v1/admin/file/${project}`, payload, headers });
    await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/settings/${project}`,
      payload: { name: 'project_email', value: 'salj@example.com' },
    });

    const res = await view();
    expect(res.statusCode).toBe(200);
    // Revalidated on every load: a buyer's reload shows an admin's change at once (a 304 otherwise).
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.headers['set-cookie']).toBeUndefined();
    const body = res.json();
    expect(body.project).toEqual({ id: project, name: 'Sjöutsikten', type: 'sale' });
    expect(body.plans).toEqual([
      expect.objectContaining({
        name: 'plan.svg',
        url: `/projects/${project}/plan.svg`,
        background_url: null,
      }),
    ]);
    const [active, inactive] = body.apartments;
    expect(active).toMatchObject({
      bostad: '1101',
      price: 2500000,
      fee: 3000,
      plans: ['plan.svg'],
      inactive: false,
    });
    expect(inactive).toMatchObject({ bostad: '1102', price: null, fee: null, inactive: true });
    // The project e-mail only travels when apartment information is on.
    expect(body.settings.project_email).toBe('');
    expect(body.styles).toContainEqual(['sold', 'svg', '#803c3c']);
    const text = res.body;
    for (const secret of [
      'owner@example.com',
      'user_id',
      'statistic_count',
      'password',
      'broker',
      'created_at',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('answers 304 to a matching ETag and 404 for an unknown project', async () => {
    const first = await view();
    const again = await view(project, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect((await view(99999)).statusCode).toBe(404);
  });

  it('is sent compressed to clients that accept it, with the same ETag, and as it is to others', async () => {
    for (let i = 0; i < 20; i++) await addApartment({ bostad: `1${100 + i}`, rooms: '3', status: 'sale' });
    const plain = await view();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    const br = await view(project, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    const gz = await view(project, { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('never hands buyers a link that breaks the link rule, even one stored before it', async () => {
    const a = await addApartment({ bostad: '1' });
    // Old data, written before links were checked.
    await t.db
      .update(apartmentsTable)
      .set({
        link: 'java\tscript:alert(1)',
        info: [{ url: 'javascript:alert(2)' }, { url: 'https://ok.example/a.pdf' }],
      })
      .where(eq(apartmentsTable.id, a.id));
    const [apartment] = (await view()).json().apartments;
    expect(apartment.link).toBe('');
    expect(apartment.info).toEqual([{ url: 'https://ok.example/a.pdf' }]);
  });

  it('shows a status change on the next request (after the cache time)', async () => {
    const a = await addApartment({ bostad: '1' });
    expect((await view()).json().apartments[0].status).toBe('sale');
    await t.as(admin.token, {
      method: 'PUT',
      url: `/api/v1/admin/apartment/${a.id}`,
      payload: { status: 'sold' },
    });
    expect((await view()).json().apartments[0].status).toBe('sold');
  });
});

describe('clicks', () => {
  const click = (apartment_id: number, opts: { ua?: string; ip?: string; projectId?: number } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/public/view/${opts.projectId ?? project}/click`,
      payload: { apartment_id },
      headers: { 'user-agent': opts.ua ?? 'phone' },
      remoteAddress: opts.ip ?? '10.1.1.1',
    });
  const counted = async (res: Awaited<ReturnType<typeof click>>) =>
    res.statusCode === 202 && res.json<{ counted: boolean }>().counted;

  it('counts a visitor once per apartment within 10 minutes, batches writes and keeps nothing personal', async () => {
    const a = await addApartment({ bostad: '1' });
    const b = await addApartment({ bostad: '2' });
    const first = await click(a.id);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ counted: true });
    expect(first.headers['set-cookie']).toBeUndefined();
    expect((await click(a.id)).json()).toEqual({ counted: false });
    expect((await click(b.id)).json()).toEqual({ counted: true });
    // Another browser on the same address is the same visitor.
    expect((await click(a.id, { ua: 'another browser' })).json()).toEqual({ counted: false });
    expect((await click(a.id, { ip: '10.1.1.2' })).json()).toEqual({ counted: true });
    // Nothing is written until the batch is flushed.
    expect(await t.db.select().from(clickEvents)).toHaveLength(0);
    await t.app.clicks.flush();
    const events = await t.db.select().from(clickEvents);
    expect(events).toHaveLength(3);
    expect(Object.keys(events[0]!).sort()).toEqual(['apartment_id', 'clicked_at', 'id', 'project_id']);
    const [row] = await t.db.select().from(apartmentsTable).where(eq(apartmentsTable.id, a.id));
    expect(row!.statistic_count).toBe(2);
    // The shared counters hold keyed hashes only: no address, no user agent.
    const keys = (await t.db.select().from(rateLimits)).map((r) => r.key).join(' ');
    expect(keys).not.toMatch(/10\.1\.1|phone|browser/);
  });

  it('counts 1 of 300 forged clicks: other User-Agents, form and text posts, other projects, unknown projects', async () => {
    const a = await addApartment({ bostad: '1' });
    const otherProject = (
      await t.as(admin.token, {
        method: 'POST',
        url: `/api/v1/admin/project/${client.id}`,
        payload: { name: 'Annan', type: 'sale' },
      })
    ).json().project.id as number;
    const foreign = (
      await t.as(admin.token, {
        method: 'POST',
        url: `/api/v1/admin/apartment/${otherProject}`,
        payload: { bostad: 'X' },
      })
    ).json().apartment.id as number;
    const answers: boolean[] = [];
    const statuses = new Map<number, number>();
    const note = async (res: Awaited<ReturnType<typeof click>>) => {
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      answers.push(await counted(res));
    };
    // 100 opens of one apartment from one address, each with its own User-Agent.
    for (let i = 0; i < 100; i++) await note(await click(a.id, { ua: `Bot/${i}` }));
    // 50 cross-site form posts and 50 text/plain posts (a page elsewhere can send both without asking).
    for (let i = 0; i < 50; i++) {
      await note(
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/public/view/${project}/click`,
          payload: `apartment_id=${a.id}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          remoteAddress: `10.2.0.${i}`,
        }),
      );
      await note(
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/public/view/${project}/click`,
          payload: JSON.stringify({ apartment_id: a.id }),
          headers: { 'content-type': 'text/plain' },
          remoteAddress: `10.3.0.${i}`,
        }),
      );
    }
    // 50 opens of another project's apartment, and 50 of an apartment in a project that does not exist.
    for (let i = 0; i < 50; i++) await note(await click(foreign, { ip: `10.4.0.${i}` }));
    for (let i = 0; i < 50; i++) await note(await click(a.id, { ip: `10.5.0.${i}`, projectId: 999_999 }));

    expect(answers).toHaveLength(300);
    const total = answers.filter(Boolean).length;
    console.info(`clicks counted: ${total} of ${answers.length} forged`);
    expect(total).toBe(1);
    expect(Object.fromEntries(statuses)).toEqual({ 202: 200, 415: 100 });
    await t.app.clicks.flush();
    expect(await t.db.select().from(clickEvents)).toHaveLength(1);
    const [row] = await t.db.select().from(apartmentsTable).where(eq(apartmentsTable.id, foreign));
    expect(row!.statistic_count).toBe(0);
  });

  it('caps what one visitor counts per project per hour; an IPv6 /64 is one visitor', async () => {
    const ids: number[] = [];
    for (let i = 0; i < CAP + 3; i++) ids.push((await addApartment({ bostad: String(i) })).id);
    const results: boolean[] = [];
    for (const [i, id] of ids.entries())
      results.push(await counted(await click(id, { ip: `2001:db8:7:7::${i + 1}` })));
    expect(results.filter(Boolean)).toHaveLength(CAP);
    // Someone else still counts.
    expect(await counted(await click(ids[0]!, { ip: '2001:db8:7:8::1' }))).toBe(true);
  });

  it('shares de-duplication between instances on one database', async () => {
    const a = await addApartment({ bostad: '1' });
    // Two more instances of the app on this database, as behind a load balancer.
    const build = () => buildApp({ config: t.config, db: t.db, jwtSecret: 'test-secret-'.padEnd(48, 'x') });
    const [one, two] = await Promise.all([build(), build()]);
    const open = (app: typeof one, ua: string) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/public/view/${project}/click`,
        payload: { apartment_id: a.id },
        headers: { 'user-agent': ua },
        remoteAddress: '10.9.9.9',
      });
    try {
      expect((await open(one, 'Firefox')).json()).toEqual({ counted: true });
      expect((await open(two, 'Chrome')).json()).toEqual({ counted: false });
      expect((await open(one, 'Safari')).json()).toEqual({ counted: false });
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('refuses a body that is not an apartment id with 422', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/view/${project}/click`,
      payload: { apartment_id: 'x' },
    });
    expect(bad.statusCode).toBe(422);
  });
});
