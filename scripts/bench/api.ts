/**
 * API figures for the apartments and plans issues, measured through app.inject on an
 * in-memory PGlite (the default store): a mass status update of 1,000 apartments,
 * and a 10 MB plan with 5,000 zones uploaded, sanitised and saved.
 */
import { pathToFileURL } from 'node:url';
import { arrangeFor, createTestApp, multipart } from '../../apps/api/test/harness';
import { apartments as apartmentsTable } from '../../apps/api/src/db/schema';
import { sanitizeSvg } from '../../apps/api/src/modules/files/svg-sanitize';

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const fmt = (n: number) => `${n.toFixed(0)} ms`;

async function median(runs: number, fn: () => Promise<number>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await fn());
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export async function run(): Promise<void> {
  const t = await createTestApp();
  const admin = await t.createUser('admin');
  const client = await t.createUser('client');
  const project = (await arrangeFor(t, admin.token).project({ owner: client.id, name: 'Bench' })).id;

  // 5,000 apartments in one project.
  const rows = Array.from({ length: 5000 }, (_, i) => ({
    project_id: project,
    bostad: String(1000 + i),
    rooms: String((i % 5) + 1),
    floor: String(i % 12),
    square: 30 + (i % 90),
    price: 1_500_000 + i * 1000,
    fee: 2000 + (i % 3000),
    status: 'sale',
  }));
  for (let i = 0; i < rows.length; i += 1000)
    await t.db.insert(apartmentsTable).values(rows.slice(i, i + 1000));
  const list = (await t.as(admin.token, { method: 'GET', url: `/api/v1/admin/apartments/${project}` })).json()
    .apartments as { id: number; bostad: string }[];

  const listMs = await median(5, async () => {
    const s = process.hrtime.bigint();
    await t.as(admin.token, { method: 'GET', url: `/api/v1/admin/apartments/${project}` });
    return ms(s);
  });

  const ids = list.slice(0, 1000).map((a) => a.id);
  let flip = 0;
  const massMs = await median(5, async () => {
    const status = ++flip % 2 ? 'reserved' : 'sale';
    const s = process.hrtime.bigint();
    const res = await t.as(admin.token, {
      method: 'POST',
      url: '/api/v2/apartments/update-status',
      payload: { apartments: ids, status, projectId: project },
    });
    if (res.statusCode !== 200) throw new Error(`mass update failed: ${res.statusCode} ${res.body}`);
    return ms(s);
  });

  // A 10 MB plan whose 5,000 zones are the apartments above.
  const zones = list.map(
    (a, i) =>
      `<path id="${a.id}" data-bostad="${a.bostad}" class="st${i % 7}" d="M${i % 100} ${Math.floor(i / 100)}h0.9v0.9h-0.9z" style="fill:#cccccc;stroke:#333333;stroke-width:0.02"/>`,
  );
  const filler =
    '<path d="M0 0L1 1L2 0L3 1L4 0L5 1L6 0L7 1L8 0L9 1Z" fill="none" stroke="#999" stroke-width="0.01"/>';
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50"><g id="zones">${zones.join('')}</g><g id="drawing">`;
  while (svg.length < 10 * 1024 * 1024) svg += filler;
  svg += '</g></svg>';
  const sizeMb = Buffer.byteLength(svg) / 1024 / 1024;
  const sanitiseMs = await median(3, async () => {
    const start = process.hrtime.bigint();
    sanitizeSvg(svg);
    return ms(start);
  });

  const { payload, headers } = multipart('big.svg', svg);
  let s = process.hrtime.bigint();
  const up = await t.as(admin.token, {
    method: 'POST',
    url: `/api/v1/admin/file/${project}`,
    payload,
    headers,
  });
  const uploadMs = ms(s);
  if (up.statusCode !== 201) throw new Error(`upload failed: ${up.statusCode} ${up.body.slice(0, 200)}`);
  const file = up.json().file as { version: number };

  s = process.hrtime.bigint();
  const saved = await t.as(admin.token, {
    method: 'POST',
    url: `/api/v1/admin/svg/${project}`,
    payload: { name: 'big.svg', svg, version: file.version },
  });
  const saveMs = ms(s);
  if (saved.statusCode !== 200) throw new Error(`save failed: ${saved.statusCode}`);
  const attached = (await t.as(admin.token, { method: 'GET', url: `/api/v1/admin/apartments/${project}` }))
    .json()
    .apartments.filter((a: { file_name: string }) => a.file_name === 'big.svg').length;

  console.log(`list 5,000 apartments (median of 5)          ${fmt(listMs)}`);
  console.log(
    `mass status update, 1,000 apartments (median) ${fmt(massMs)}   budget < 1000 ms   ${massMs < 1000 ? 'OK' : 'OVER'}`,
  );
  console.log(`sanitise the ${sizeMb.toFixed(1)} MB plan alone (median of 3)  ${fmt(sanitiseMs)}`);
  console.log(
    `upload + sanitise ${sizeMb.toFixed(1)} MB plan, 5,000 zones     ${fmt(uploadMs)}   budget < 3000 ms   ${uploadMs < 3000 ? 'OK' : 'OVER'}`,
  );
  console.log(
    `save same plan (sanitise + zone sync)        ${fmt(saveMs)}   budget < 3000 ms   ${saveMs < 3000 ? 'OK' : 'OVER'}`,
  );
  console.log(`apartments attached to the plan after save   ${attached} / 5000`);
  await t.close();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
