import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apartments as apartmentsTable, clickEvents } from '../../db/schema';
import { createTestApp, multipart, type TestApp } from '../../../test/harness';

let t: TestApp;
type U = Awaited<ReturnType<TestApp['createUser']>>;
let admin: U, client: U;
let project: number;

beforeAll(async () => {
  t = await createTestApp({ publicViewTtlMs: 0 });
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.reset();
  admin = await t.createUser('admin');
  client = await t.createUser('client', { email: 'owner@example.com' });
  project = (
    await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/project/${client.id}`,
      payload: { name: 'Sjöutsikten', type: 'sale' },
    })
  ).json().project.id;
});

async function addApartment(body: Record<string, unknown>) {
  return (
    await t.as(admin.token, { method: 'POST', url: `/api/v1/admin/apartment/${project}`, payload: body })
  ).json().apartment as { id: number };
}

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
    expect(res.headers['cache-control']).toContain('public');
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
  const click = (apartment_id: number, ua = 'phone') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/public/view/${project}/click`,
      payload: { apartment_id },
      headers: { 'user-agent': ua },
      remoteAddress: '10.1.1.1',
    });

  it('counts a visitor once per apartment within 10 minutes, batches writes and keeps no cookie', async () => {
    const a = await addApartment({ bostad: '1' });
    const b = await addApartment({ bostad: '2' });
    const first = await click(a.id);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ counted: true });
    expect(first.headers['set-cookie']).toBeUndefined();
    expect((await click(a.id)).json()).toEqual({ counted: false });
    expect((await click(b.id)).json()).toEqual({ counted: true });
    expect((await click(a.id, 'another browser')).json()).toEqual({ counted: true });
    // Nothing is written until the batch is flushed.
    expect(await t.db.select().from(clickEvents)).toHaveLength(0);
    await t.app.clicks.flush();
    const events = await t.db.select().from(clickEvents);
    expect(events).toHaveLength(3);
    expect(Object.keys(events[0]!).sort()).toEqual(['apartment_id', 'clicked_at', 'id', 'project_id']);
    const [row] = await t.db.select().from(apartmentsTable).where(eq(apartmentsTable.id, a.id));
    expect(row!.statistic_count).toBe(2);
  });

  it('drops clicks for apartments of other projects and refuses bad input', async () => {
    expect((await click(424242)).statusCode).toBe(202);
    await t.app.clicks.flush();
    expect(await t.db.select().from(clickEvents)).toHaveLength(0);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/view/${project}/click`,
      payload: { apartment_id: 'x' },
    });
    expect(bad.statusCode).toBe(422);
  });
});
