import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApartmentOverrides } from '@planvy/shared/test/arrange';
import { arrangeFor, createTestApp, type TestApp } from '../../../test/harness';
import { openEventStream, type EventStream } from '../../../test/event-stream';

/** Streams need a real socket: the app listens on a free port for this file. */
let t: TestApp;
let base: string;
type U = Awaited<ReturnType<TestApp['createUser']>>;
let admin: U;
let project: number;
let other: number;
const open: EventStream[] = [];

beforeAll(async () => {
  t = await createTestApp({
    live: { streamsPerIp: 3, heartbeatMs: 60_000, ringSize: 64, maxBufferedBytes: 65536 },
    // One proxy hop: a test names the client's address in X-Forwarded-For.
    trustProxy: 1,
  });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

beforeEach(async () => {
  for (const s of open.splice(0)) s.close();
  await t.reset();
  admin = await t.createUser('admin');
  const client = await t.createUser('client');
  const make = async (name: string) =>
    (await arrangeFor(t, admin.token).project({ owner: client.id, name })).id;
  project = await make('Live');
  other = await make('Other');
});

const addApartment = (projectId: number, body: ApartmentOverrides) =>
  arrangeFor(t, admin.token).apartment(projectId, body);

async function stream(projectId = project, headers: Record<string, string> = {}) {
  const s = await openEventStream(`${base}/api/v1/public/view/${projectId}/events`, headers);
  open.push(s);
  return s;
}

const setStatus = (id: number, status: string) =>
  t.as(admin.token, { method: 'PUT', url: `/api/v1/admin/apartment/${id}`, payload: { status } });

// On PostgreSQL, the NOTIFY of an apartment added just before a stream opened can reach the
// listener after it did, as a refetch ('view') event: changes are read with nextOf('apartments').
describe('GET /public/view/{projectId}/events', () => {
  it('answers an event stream for proxies to pass through, starting with the view ETag', async () => {
    const s = await stream();
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.headers.get('x-accel-buffering')).toBe('no');
    expect(s.headers.get('cache-control')).toContain('no-transform');
    expect(s.headers.get('content-encoding')).toBeNull();
    const first = await s.next();
    const view = await t.app.inject({ method: 'GET', url: `/api/v1/public/view/${project}` });
    expect(first).toMatchObject({ event: 'view', data: { etag: view.headers.etag } });
    expect(first.id).toBeTruthy();
  });

  it('sends a status change of one apartment, only what the widget shows', async () => {
    const a = await addApartment(project, {
      bostad: '1001',
      price: 2_000_000,
      fee: 3000,
      description: 'Privat',
    });
    const s = await stream();
    await s.nextOf('view');
    expect((await setStatus(a.id, 'reserved')).statusCode).toBe(200);
    const e = await s.nextOf('apartments');
    expect(e.data).toEqual({
      apartments: [{ id: a.id, status: 'reserved', inactive: false, price: 2_000_000, fee: 3000 }],
    });
    // The cached view was dropped: a reload shows the same.
    const view = await t.app.inject({ method: 'GET', url: `/api/v1/public/view/${project}` });
    expect(view.json().apartments[0].status).toBe('reserved');
  });

  it('hides prices when an apartment turns inactive, and says nothing for unseen fields', async () => {
    const a = await addApartment(project, { bostad: '1002', price: 1_500_000, fee: 2000 });
    const s = await stream();
    await s.nextOf('view');
    // A description is not shown live: no event. Then the inactive flag is.
    await t.as(admin.token, {
      method: 'PUT',
      url: `/api/v1/admin/apartment/${a.id}`,
      payload: { description: 'x' },
    });
    await t.as(admin.token, {
      method: 'PUT',
      url: `/api/v1/admin/apartment/${a.id}`,
      payload: { inactive: '1' },
    });
    const e = await s.nextOf('apartments');
    expect(e).toMatchObject({
      event: 'apartments',
      data: { apartments: [{ id: a.id, status: 'sale', inactive: true, price: null, fee: null }] },
    });
  });

  it('sends a mass status change as one event', async () => {
    const ids = [
      (await addApartment(project, { bostad: '1' })).id,
      (await addApartment(project, { bostad: '2' })).id,
      (await addApartment(project, { bostad: '3', status: 'sold' })).id,
    ];
    const s = await stream();
    await s.nextOf('view');
    const res = await t.as(admin.token, {
      method: 'POST',
      url: '/api/v2/apartments/update-status',
      payload: { apartments: ids, status: 'sold', projectId: project },
    });
    expect(res.statusCode).toBe(200);
    const e = await s.nextOf('apartments');
    const changed = (e.data as { apartments: { id: number; status: string }[] }).apartments;
    // The third was sold already: only the two that changed.
    expect(changed.map((x) => [x.id, x.status])).toEqual([
      [ids[0], 'sold'],
      [ids[1], 'sold'],
    ]);
  });

  it('sends the changes of an applied import, and a refetch when it adds apartments', async () => {
    const a = await addApartment(project, { bostad: '1', price: 100 });
    await addApartment(project, { bostad: '2', price: 200 });
    const s = await stream();
    await s.nextOf('view');
    const preview = await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/apartments/${project}/import`,
      payload: { csv: 'Bostad;Pris;Status\n1;150;Såld\n2;200;\n' },
    });
    expect(preview.statusCode).toBe(200);
    await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/apartments/${project}/import?apply=1`,
      payload: { csv: 'Bostad;Pris;Status\n1;150;Såld\n2;200;\n' },
    });
    // The preview wrote nothing and sent nothing: the first change is the applied one.
    expect(await s.nextOf('apartments')).toMatchObject({
      event: 'apartments',
      data: { apartments: [{ id: a.id, status: 'sold', price: 150 }] },
    });
    await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/apartments/${project}/import?apply=1`,
      payload: { csv: 'Bostad;Pris\n3;300\n' },
    });
    expect(await s.next()).toMatchObject({ event: 'view', data: {} });
  });

  it('never sends another project’s changes', async () => {
    const mine = await addApartment(project, { bostad: 'A' });
    const theirs = await addApartment(other, { bostad: 'B' });
    const s = await stream();
    await s.nextOf('view');
    await setStatus(theirs.id, 'sold');
    await setStatus(mine.id, 'reserved');
    const e = await s.nextOf('apartments');
    expect(e.data).toMatchObject({ apartments: [{ id: mine.id }] });
  });

  it('replays what was missed after Last-Event-ID, and asks for a refetch when it cannot', async () => {
    const a = await addApartment(project, { bostad: 'A' });
    const b = await addApartment(project, { bostad: 'B' });
    const s = await stream();
    await s.nextOf('view');
    await setStatus(a.id, 'reserved');
    const seen = await s.nextOf('apartments');
    s.close();
    // While away: two changes here, one elsewhere.
    await setStatus(a.id, 'sold');
    await setStatus((await addApartment(other, { bostad: 'C' })).id, 'sold');
    await setStatus(b.id, 'reserved');

    const resumed = await stream(project, { 'last-event-id': seen.id! });
    const replayed = [await resumed.next(), await resumed.next()];
    expect(replayed.map((e) => e.data)).toMatchObject([
      { apartments: [{ id: a.id, status: 'sold' }] },
      { apartments: [{ id: b.id, status: 'reserved' }] },
    ]);
    const unknown = await stream(project, { 'last-event-id': 'long-gone' });
    expect((await unknown.next()).event).toBe('view');
  });

  it('answers 404 for an unknown project, and 429 past the streams allowed per address', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/public/view/999999/events' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status_code: 404 });
    const streams = [await stream(), await stream(), await stream()];
    for (const s of streams) await s.nextOf('view');
    const refused = await stream();
    expect(refused.status).toBe(429);
    streams[0]!.close();
    // Closing one frees its place (the server sees the socket close a moment later).
    let again = await stream();
    while (again.status === 429) again = await stream();
    expect(again.status).toBe(200);
  });

  it('counts every address of one IPv6 /64 as one client, as clicks do', async () => {
    const from = (address: string) => ({ 'x-forwarded-for': address });
    // One phone or household gets a whole /64 and may use any address in it.
    const streams = [
      await stream(project, from('2001:db8:7:1::1')),
      await stream(project, from('2001:db8:7:1::2')),
      await stream(project, from('2001:db8:7:1:ffff:ffff:ffff:3')),
    ];
    for (const s of streams) await s.nextOf('view');
    const refused = await stream(project, from('2001:db8:7:1::4'));
    expect(refused.status).toBe(429);
    // The next /64 is someone else.
    const neighbour = await stream(project, from('2001:db8:7:2::1'));
    expect(neighbour.status).toBe(200);
  });

  it('ends open streams when the app closes, so shutdown does not wait for them', async () => {
    const extra = await createTestApp();
    const url = await extra.app.listen({ port: 0, host: '127.0.0.1' });
    const project2 = await (async () => {
      const boss = await extra.createUser('admin');
      return (
        await extra.as(boss.token, {
          method: 'POST',
          url: `/api/v1/admin/project/${boss.id}`,
          payload: { name: 'X', type: 'sale' },
        })
      ).json().project.id as number;
    })();
    const s = await openEventStream(`${url}/api/v1/public/view/${project2}/events`);
    await s.nextOf('view');
    await extra.close();
    await expect(s.next()).rejects.toThrow();
  });
});
