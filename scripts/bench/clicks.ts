/**
 * A click flood through app.inject on an in-memory PGlite: 20,000 opens from 20,000
 * addresses, then 20,000 repeats from one address with a new User-Agent each. Time per
 * click and the heap should stay flat from the first thousand to the last: no structure
 * grows with visitors and no click scans anything.
 */
import { pathToFileURL } from 'node:url';
import { arrangeFor, createTestApp } from '../../apps/api/test/harness';

const N = 20_000;

export async function run(): Promise<void> {
  const t = await createTestApp();
  const admin = await t.createUser('admin');
  const client = await t.createUser('client');
  const project = (await arrangeFor(t, admin.token).project({ owner: client.id, name: 'Flood' })).id;
  const ids: number[] = [];
  for (let i = 0; i < 50; i++)
    ids.push((await arrangeFor(t, admin.token).apartment(project, { bostad: String(i) })).id);

  const flood = async (label: string, ipOf: (i: number) => string, uaOf: (i: number) => string) => {
    const perThousand: number[] = [];
    let counted = 0;
    let start = performance.now();
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    for (let i = 0; i < N; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/public/view/${project}/click`,
        payload: { apartment_id: ids[i % ids.length] },
        headers: { 'user-agent': uaOf(i) },
        remoteAddress: ipOf(i),
      });
      if (res.json<{ counted: boolean }>().counted) counted++;
      if ((i + 1) % 1000 === 0) {
        perThousand.push((performance.now() - start) / 1000);
        start = performance.now();
      }
    }
    await t.app.clicks.flush();
    global.gc?.();
    const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
    const first = perThousand[0]!;
    const last = perThousand[perThousand.length - 1]!;
    console.log(
      `${label}: ${counted} counted; per click first 1,000 ${first.toFixed(2)} ms, last 1,000 ${last.toFixed(2)} ms (×${(last / first).toFixed(2)}); heap ${heapMb >= 0 ? '+' : ''}${heapMb.toFixed(1)} MB`,
    );
  };

  await flood(
    `${N.toLocaleString('en')} addresses`,
    (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    () => 'Mozilla/5.0',
  );
  await flood(
    `${N.toLocaleString('en')} User-Agents, one address`,
    () => '192.0.2.1',
    (i) => `Bot/${i}`,
  );
  await t.close();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
