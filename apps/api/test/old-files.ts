import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import sharp from 'sharp';
import type { Db } from '../src/db/client';
import { openPGliteDir } from '../src/db/pristine';
import * as schema from '../src/db/schema';
import { etagOf } from '../src/modules/files/service';
import { originalPath, variantName, variantPath } from '../src/modules/sunstudy/service';
import { throwAwayDatabase } from './postgres';

/**
 * Files as Planvy stored them before the file store (ADR 022): a database migrated up to 0009
 * with the bytes in `files.content` and `file_variants.content`, on PGlite or, when
 * DATABASE_URL is set, in a throw-away PostgreSQL database.
 */
const serverUrl = process.env.DATABASE_URL;

export const png = (size = 64 * 1024) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(size)]);
export const jpeg = (width: number) =>
  sharp({ create: { width, height: 300, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();

const migrationsFolder = path.resolve(import.meta.dirname, '../src/db/migrations');

/** The migrations as they were before the file store (up to 0009). */
function migrationsBefore0010(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-migrations-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < 10);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

export interface OldDatabase {
  db: Db;
  /** The embedded database's own client (PGlite pass). */
  pglite?: PGlite;
  /** The database's URL (PostgreSQL pass). */
  url?: string;
  /** Applies the current migrations, as a server of this version does at start-up. */
  upgrade(): Promise<void>;
  /** Another instance's connection to the same database (PostgreSQL only). */
  second?: Db;
  close(): Promise<void>;
}

export async function openOldDatabase(): Promise<OldDatabase> {
  const oldFolder = migrationsBefore0010();
  if (!serverUrl) {
    // On disk, starting as a copy of the fresh cluster the build made (ADR 047), not from initdb.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planvy-old-db-'));
    const client = await openPGliteDir(path.join(dir, 'pglite'));
    const lite = drizzlePglite({ client, schema });
    await migratePglite(lite, { migrationsFolder: oldFolder });
    return {
      db: lite as unknown as Db,
      pglite: client,
      upgrade: () => migratePglite(lite, { migrationsFolder }),
      async close() {
        await client.close();
        fs.rmSync(dir, { recursive: true, force: true });
        fs.rmSync(oldFolder, { recursive: true, force: true });
      },
    };
  }
  const own = await throwAwayDatabase(serverUrl, 'planvy_move');
  const pools = [new pg.Pool({ connectionString: own.url }), new pg.Pool({ connectionString: own.url })];
  const [db, second] = pools.map((p) => drizzlePg(p, { schema }));
  await migratePg(db!, { migrationsFolder: oldFolder });
  return {
    db: db!,
    url: own.url,
    second,
    upgrade: () => migratePg(db!, { migrationsFolder }),
    async close() {
      await Promise.all(pools.map((p) => p.end()));
      await own.drop();
      fs.rmSync(oldFolder, { recursive: true, force: true });
    },
  };
}

/** What the old code wrote: a background image and a sun-study photo with copies, bytes in the rows. */
export async function writeTheOldWay(db: Db, images = 1) {
  const b64 = (b: Buffer) => b.toString('base64');
  const { rows: users } = await db.execute<{ id: number }>(
    sql`insert into users (email, first_name, password_hash, role) values ('old@example.com', 'Old', 'x', 'admin') returning id`,
  );
  const { rows: projects } = await db.execute<{ id: number }>(
    sql`insert into projects (name, user_id) values ('Old', ${users[0]!.id}) returning id`,
  );
  const projectId = projects[0]!.id;
  const backgrounds: { name: string; bytes: Buffer }[] = [];
  for (let i = 0; i < images; i++) {
    const bytes = png(32 * 1024);
    const name = `ground-${i}.png`;
    await db.execute(sql`
      insert into files (project_id, name, kind, content_type, content, size, etag)
      values (${projectId}, ${name}, 'image', 'image/png', decode(${b64(bytes)}, 'base64'), ${bytes.length}, ${etagOf(bytes)})`);
    backgrounds.push({ name, bytes });
  }
  const photo = await jpeg(800);
  const copy = await sharp(photo).resize({ width: 320 }).webp().toBuffer();
  const etag = etagOf(photo);
  const { rows: files } = await db.execute<{ id: number }>(sql`
    insert into files (project_id, name, kind, content_type, content, size, etag)
    values (${projectId}, 'sun.jpg', 'sunstudy', 'image/jpeg', decode(${b64(photo)}, 'base64'), ${photo.length}, ${etag})
    returning id`);
  const fileId = files[0]!.id;
  await db.execute(sql`
    insert into file_variants (file_id, width, height, content_type, content, size, etag)
    values (${fileId}, 320, 120, 'image/webp', decode(${b64(copy)}, 'base64'), ${copy.length}, ${etagOf(copy)})`);
  const filePath = originalPath(projectId, fileId, etag, 'sun.jpg');
  await db.execute(sql`
    insert into sun_study_files (project_id, file_id, label, file_path, file_name)
    values (${projectId}, ${fileId}, 'Morning', ${filePath}, 'sun.jpg')`);
  return {
    projectId,
    backgrounds,
    photo: { url: filePath, bytes: photo },
    copy: {
      url: variantPath(projectId, fileId, etag, 'sun.jpg', { width: 320, content_type: 'image/webp' }),
      bytes: copy,
      name: variantName('sun.jpg', 'image/webp'),
    },
    rows: images + 2,
  };
}
