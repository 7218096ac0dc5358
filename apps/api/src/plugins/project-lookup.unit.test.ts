import type { FastifyInstance, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { apartments, files } from '../db/schema';
import { projectOf } from './audit';
import { projectOfRow } from './public-view-freshness';

/** A database that answers every select with project 7 and counts the selects. */
function countingDb() {
  const db = {
    selects: 0,
    select: () => ({
      from: () => ({
        where: () => {
          db.selects++;
          return Promise.resolve([{ projectId: 7 }]);
        },
      }),
    }),
  };
  return db;
}

const request = (params: Record<string, string>) => ({ params }) as unknown as FastifyRequest;

describe("a /:id write's project", () => {
  it('is read once per request, for the audit entry and the public view alike', async () => {
    const db = countingDb();
    const app = { db } as unknown as FastifyInstance;
    const write = request({ fileId: '12' });
    // What the two plugins declare on one route.
    const audit = projectOf(files, 'fileId');
    const publicView = projectOfRow(files, 'fileId');
    expect(await audit.lookup(write, db as unknown as Db)).toBe(7);
    expect(await publicView(write, app)).toBe(7);
    expect(db.selects).toBe(1);

    // Another request, or another row, asks again.
    expect(await publicView(request({ fileId: '12' }), app)).toBe(7);
    expect(await projectOf(apartments, 'fileId').lookup(write, db as unknown as Db)).toBe(7);
    expect(db.selects).toBe(3);
  });

  it('is not looked up for an id that is not one', async () => {
    const db = countingDb();
    expect(await projectOf(files).lookup(request({ id: 'x1' }), db as unknown as Db)).toBeNull();
    expect(db.selects).toBe(0);
  });
});
