/**
 * CSV import of 20,000 apartments through app.inject on an in-memory PGlite (the default
 * store): the preview, applying 20,000 new rows, and applying a change to every one of them.
 * Before batching, a file of more than about 4,600 new rows failed with a 500 (PostgreSQL's
 * limit of 65,535 parameters in one statement). The preview is also timed with the same
 * file as Excel on Swedish Windows saves it (Windows-1252 bytes, its encoding detected).
 */
import { pathToFileURL } from 'node:url';
import iconv from 'iconv-lite';
import { arrangeFor, createTestApp } from '../../apps/api/test/harness';

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const fmt = (n: number) => `${n.toFixed(0)} ms`;

const ROWS = 20_000;

function csv(price: number, status: string): string {
  const lines = ['Bostad;Rum;Våning;Boarea;Pris;Avgift;Status;Beskrivning'];
  for (let i = 0; i < ROWS; i++) {
    lines.push(
      `L${i};${(i % 5) + 1};${i % 12};${30 + (i % 90)},5;${price + i};${2000 + (i % 3000)};${status};Rad ${i}`,
    );
  }
  return lines.join('\n');
}

export async function run(): Promise<void> {
  const t = await createTestApp();
  const admin = await t.createUser('admin');
  const client = await t.createUser('client');
  const project = (await arrangeFor(t, admin.token).project({ owner: client.id, name: 'Bench import' })).id;

  const post = async (file: string | Buffer, apply: boolean) => {
    const s = process.hrtime.bigint();
    const res = await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/apartments/${project}/import${apply ? '?apply=1' : ''}`,
      payload: typeof file === 'string' ? { csv: file } : { csv_base64: file.toString('base64') },
    });
    const took = ms(s);
    if (res.statusCode !== 200) throw new Error(`import failed: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return { took, summary: res.json().summary as Record<string, number> };
  };

  const fresh = csv(1_000_000, 'Till salu');
  const sizeMb = Buffer.byteLength(fresh) / 1024 / 1024;
  const preview = await post(fresh, false);
  const legacy = await post(iconv.encode(fresh, 'windows-1252'), false);
  const created = await post(fresh, true);
  const changed = await post(csv(2_000_000, 'Såld'), true);

  console.log(`CSV of ${ROWS.toLocaleString('en')} rows, ${sizeMb.toFixed(1)} MB`);
  console.log(
    `preview (nothing written)                    ${fmt(preview.took)}   new ${preview.summary.new}`,
  );
  console.log(
    `preview, the file as Windows-1252 bytes       ${fmt(legacy.took)}   new ${legacy.summary.new}`,
  );
  console.log(
    `apply, ${ROWS.toLocaleString('en')} new rows (one transaction)     ${fmt(created.took)}   new ${created.summary.new}`,
  );
  console.log(
    `apply, ${ROWS.toLocaleString('en')} changed rows (price, status)   ${fmt(changed.took)}   changed ${changed.summary.changed}`,
  );
  await t.close();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
