import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apartmentPriceChanges, outbox } from '../../db/schema';
import { arrangeFor, createTestApp, type TestApp } from '../../../test/harness';

/**
 * Price history (issue 24): every change of a price or fee, from every write path, kept in the
 * transaction of the change, only when something changed; the mass price change applies the
 * rule the back-office previewed. Runs on PGlite and on PostgreSQL.
 */
let t: TestApp;
type U = Awaited<ReturnType<TestApp['createUser']>>;
let admin: U, client: U, otherClient: U;
let project: number;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = await t.createUser('admin');
  client = await t.createUser('client');
  otherClient = await t.createUser('client');
  project = (await arrangeFor(t, admin.token).project({ owner: client.id, type: 'sale', name: 'Linden' })).id;
});

interface PriceRow {
  from_price: number | null;
  to_price: number | null;
  from_fee: number | null;
  to_fee: number | null;
  user: { id: number } | null;
}
const history = async (id: number, token = client.token) =>
  (await t.as(token, { method: 'GET', url: `/api/v1/client/apartment/${id}/history` })).json<{
    prices: PriceRow[];
  }>();
const put = (id: number, payload: object, token = client.token) =>
  t.as(token, { method: 'PUT', url: `/api/v1/client/apartment/${id}`, payload });

describe('price history', () => {
  it('keeps the first price and each real change of price or fee, newest first, with who made it', async () => {
    const a = await arrangeFor(t, admin.token).apartment(project, {
      bostad: '1',
      price: 2_000_000,
      fee: 3000,
    });
    expect((await put(a.id, { price: 1_950_000 })).statusCode).toBe(200);
    // Saving the same values again, or another field, is no change.
    expect((await put(a.id, { price: 1_950_000, fee: 3000, description: 'Ljus' })).statusCode).toBe(200);
    expect((await put(a.id, { fee: 3100 })).statusCode).toBe(200);

    const { prices } = await history(a.id);
    expect(
      prices.map(({ from_price, to_price, from_fee, to_fee }) => ({
        from_price,
        to_price,
        from_fee,
        to_fee,
      })),
    ).toEqual([
      { from_price: 1_950_000, to_price: 1_950_000, from_fee: 3000, to_fee: 3100 },
      { from_price: 2_000_000, to_price: 1_950_000, from_fee: 3000, to_fee: 3000 },
      { from_price: null, to_price: 2_000_000, from_fee: null, to_fee: 3000 },
    ]);
    expect(prices[0]!.user?.id).toBe(client.id);
    expect(prices[2]!.user?.id).toBe(admin.id);
  });

  it('keeps changes an import makes, and none for rows it leaves as they were', async () => {
    await arrangeFor(t, admin.token).apartment(project, { bostad: '1', price: 100 });
    await arrangeFor(t, admin.token).apartment(project, { bostad: '2', price: 200 });
    const res = await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/apartments/${project}/import?apply=1`,
      payload: { csv: 'Bostad;Pris\n1;150\n2;200\n3;300\n' },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select().from(apartmentPriceChanges);
    const moves = rows.map((r) => [r.from_price, r.to_price]).sort((x, y) => (x[1] ?? 0) - (y[1] ?? 0));
    // Creation of 1 and 2 (100, 200), the import's change of 1 (100 → 150) and its new 3 (300).
    expect(moves).toEqual([
      [null, 100],
      [100, 150],
      [null, 200],
      [null, 300],
    ]);
  });

  it('exports the project history as a formula-safe CSV and as JSON, to the project owner only', async () => {
    const a = await arrangeFor(t, admin.token).apartment(project, { bostad: '=1+1', price: 1000 });
    await put(a.id, { price: 900 });
    const csv = await t.as(client.token, {
      method: 'GET',
      url: `/api/v1/client/apartments/${project}/prices/export?lang=sv`,
    });
    expect(csv.statusCode).toBe(200);
    expect([...csv.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const text = csv.rawPayload.subarray(2).toString('utf16le');
    expect(text.split('\r\n')[0]).toBe(
      'Bostad\tTidpunkt\tPris före\tPris efter\tAvgift före\tAvgift efter\tÄndrad av',
    );
    expect(text).toContain("'=1+1\t");
    expect(text).toContain('\t1000\t900\t');

    const json = await t.as(client.token, {
      method: 'GET',
      url: `/api/v1/client/apartments/${project}/prices/export?format=json`,
    });
    expect(json.headers['content-type']).toContain('application/json');
    expect(json.json().changes.map((c: { to_price: number }) => c.to_price)).toEqual([1000, 900]);

    const other = await t.as(otherClient.token, {
      method: 'GET',
      url: `/api/v1/client/apartments/${project}/prices/export`,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('mass price change', () => {
  it('applies one rule to the checked apartments in one go, with history, webhooks and live versions', async () => {
    const arrange = arrangeFor(t, admin.token);
    const a = await arrange.apartment(project, { bostad: '1', price: 2_495_000 });
    const b = await arrange.apartment(project, { bostad: '2', price: null });
    const c = await arrange.apartment(project, { bostad: '3', price: 1_000_000 });
    await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/webhooks/${project}`,
      payload: { url: 'https://hooks.example.com/p', events: ['apartment.price_changed'] },
    });
    const res = await t.as(client.token, {
      method: 'POST',
      url: `/api/v1/client/apartments/${project}/prices`,
      payload: {
        apartments: [a.id, b.id],
        adjustment: { field: 'price', kind: 'percent', value: 3, round_to: 10000 },
        versions: { [a.id]: a.version, [b.id]: b.version },
      },
    });
    expect(res.statusCode).toBe(200);
    const byId = new Map(
      (res.json().apartments as { id: number; price: number | null; version: number }[]).map((x) => [
        x.id,
        x,
      ]),
    );
    // 2 495 000 × 1.03 = 2 569 850, to the nearest 10 000; b has no price and keeps none.
    expect(byId.get(a.id)).toMatchObject({ price: 2_570_000, version: a.version + 1 });
    expect(byId.get(b.id)).toMatchObject({ price: null, version: b.version });
    expect((await history(a.id)).prices[0]).toMatchObject({ from_price: 2_495_000, to_price: 2_570_000 });
    expect((await history(b.id)).prices).toEqual([]);
    expect((await history(c.id)).prices).toHaveLength(1);
    const hooks = await t.db.select().from(outbox).where(eq(outbox.kind, 'webhook'));
    expect(hooks.map((h) => (h.payload as { type?: string }).type)).toEqual(['apartment.price_changed']);
  });

  it('changes nothing when one version is stale or an apartment is of another project', async () => {
    const a = await arrangeFor(t, admin.token).apartment(project, { bostad: '1', price: 100 });
    const otherProject = (await arrangeFor(t, admin.token).project({ owner: otherClient.id, type: 'sale' }))
      .id;
    const foreign = await arrangeFor(t, admin.token).apartment(otherProject, { bostad: 'x', price: 100 });
    const body = (apartments: number[], versions: Record<number, number>) => ({
      apartments,
      adjustment: { field: 'price', kind: 'set', value: 5, round_to: 1 },
      versions,
    });
    const stale = await t.as(client.token, {
      method: 'POST',
      url: `/api/v1/client/apartments/${project}/prices`,
      payload: body([a.id], { [a.id]: a.version + 7 }),
    });
    expect(stale.statusCode).toBe(409);
    const mixed = await t.as(client.token, {
      method: 'POST',
      url: `/api/v1/client/apartments/${project}/prices`,
      payload: body([a.id, foreign.id], {}),
    });
    expect(mixed.statusCode).toBe(422);
    const silly = await t.as(client.token, {
      method: 'POST',
      url: `/api/v1/client/apartments/${project}/prices`,
      payload: {
        apartments: [a.id],
        adjustment: { field: 'price', kind: 'percent', value: -95, round_to: 1 },
      },
    });
    expect(silly.statusCode).toBe(422);
    expect(silly.json().errors).toHaveProperty(['adjustment.value']);
    expect((await history(a.id)).prices).toHaveLength(1);
  });
});

describe('"Sänkt från" in the public view', () => {
  const view = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/public/view/${project}` })).json<{
      apartments: { id: number; price: number | null; price_before?: number | null }[];
    }>();
  const setDrops = (on: boolean) =>
    t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/settings/${project}`,
      payload: { name: 'show_price_drop', value: on ? '1' : '0' },
    });

  it('names the price before the latest change when it lowered the price, only when the project shows it', async () => {
    const arrange = arrangeFor(t, admin.token);
    const lowered = await arrange.apartment(project, { bostad: '1', price: 3_450_000, fee: 4000 });
    const raised = await arrange.apartment(project, { bostad: '2', price: 2_000_000 });
    const fresh = await arrange.apartment(project, { bostad: '3', price: 1_000_000 });
    await put(lowered.id, { price: 3_295_000 });
    // A later change of the fee alone does not hide the drop.
    await put(lowered.id, { fee: 4100 });
    await put(raised.id, { price: 1_900_000 });
    await put(raised.id, { price: 2_100_000 });

    expect((await view()).apartments.every((a) => !('price_before' in a))).toBe(true);
    expect((await setDrops(true)).statusCode).toBe(200);
    const byId = new Map((await view()).apartments.map((a) => [a.id, a.price_before]));
    expect(byId.get(lowered.id)).toBe(3_450_000);
    expect(byId.get(raised.id)).toBeNull();
    expect(byId.get(fresh.id)).toBeNull();
  });
});
