import type { Db } from '../../db/client';
import { digestOf, keyOf, type FileStore } from '../../lib/file-store';
import { errorForLog } from '../../lib/error-log';
import * as repo from './blob-repository';

/**
 * The database side of the file store (ADR 022): which blobs exist, which rows use them,
 * and when one may go. Blobs are shared by every row with the same bytes, so deleting a row
 * never deletes bytes; the sweep removes what nothing refers to.
 */

/**
 * An upload touches its blob, stores the bytes, then inserts its row: a blob untouched this
 * long that no row refers to is not on its way into one. Far longer than any upload takes.
 */
export const SWEEP_GRACE_MS = 30 * 60 * 1000;
export const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * Puts `bytes` in the store and answers their key, for a row the caller inserts next (after
 * this returns, outside any transaction that would hold the database while bytes travel).
 */
export async function storeBlob(
  db: Db,
  store: FileStore,
  bytes: Buffer,
  digest: Buffer = digestOf(bytes),
): Promise<string> {
  const key = keyOf(digest);
  // Touched first: a sweep deciding on this key either sees it fresh, or holds its row
  // until it has deleted the old bytes, and then this upload writes them again.
  await repo.touchBlob(db, key, bytes.length);
  await store.put(key, bytes);
  return key;
}

/**
 * Removes blobs that no row refers to and nobody touched for `graceMs`, in batches; answers
 * how many went. Skips the round while a backup is copying files or another instance sweeps.
 */
export async function sweepBlobs(
  db: Db,
  store: FileStore,
  { graceMs = SWEEP_GRACE_MS, batch = 100 }: { graceMs?: number; batch?: number } = {},
): Promise<number> {
  let removed = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      if (!(await repo.trySweepLock(tx))) return 0;
      const keys = await repo.lockUnreferenced(tx, graceMs, batch);
      // Deleted while the rows are locked: an upload of the same bytes waits for this
      // transaction, then touches and writes them anew.
      for (const key of keys) await store.delete(key);
      await repo.deleteBlobs(tx, keys);
      return keys.length;
    });
    removed += done;
    if (done < batch) return removed;
  }
}

/** At most this many bytes of old rows are held in memory at once. */
const MOVE_BATCH_BYTES = 64 * 1024 * 1024;

/**
 * Moves the bytes of rows written before ADR 022 (or restored from an older backup) into the
 * store, a batch per transaction: idempotent, resumable after a crash, and on PostgreSQL one
 * instance at a time (the others wait for the lock, then find the rows moved). Answers how
 * many rows moved.
 */
export async function moveOldFiles(
  db: Db,
  store: FileStore,
  { batchRows = 100 }: { batchRows?: number } = {},
): Promise<number> {
  let moved = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      await repo.takeMoveLock(tx);
      const rows = await repo.nextOldRows(tx, batchRows);
      let bytesHeld = 0;
      let count = 0;
      for (const row of rows) {
        if (count > 0 && bytesHeld + row.length > MOVE_BATCH_BYTES) break;
        const bytes = await repo.readOldBytes(tx, row);
        const key = keyOf(digestOf(bytes));
        await repo.touchBlob(tx, key, bytes.length);
        await store.put(key, bytes);
        await repo.pointAtBlob(tx, row, key);
        bytesHeld += row.length;
        count += 1;
      }
      return count;
    });
    if (n === 0) return moved;
    moved += n;
  }
}

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Start-up (server.ts): checks the store, moves old rows' bytes into it before the server
 * answers anything, then sweeps every SWEEP_EVERY_MS. Answers the function that stops the sweeps.
 */
export async function startFileStore(db: Db, store: FileStore, log: Log): Promise<() => void> {
  await store.check();
  const moved = await moveOldFiles(db, store);
  if (moved > 0) {
    log.info({ moved, store: store.location }, 'moved stored files out of the database');
    // Gives the space back to the disk (the embedded database's files shrink); once only.
    await repo
      .compactFileTables(db)
      .catch((err: unknown) => log.error({ error: errorForLog(err) }, 'compacting the file tables failed'));
  }
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      sweepBlobs(db, store)
        .then((removed) => {
          if (removed > 0) log.info({ removed }, 'removed files no longer used');
        })
        .catch((err: unknown) => log.error({ error: errorForLog(err) }, 'sweeping unused files failed'))
        .finally(schedule);
    }, SWEEP_EVERY_MS);
    timer.unref();
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
