import { eq, sql } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PublicView, SunStudyFile } from '@planvy/shared';
import * as schema from '../../db/schema';
import { arrangeFor, createTestApp, multipart, type TestApp } from '../../../test/harness';
import { sparsePng } from '../../../test/images';

let t: TestApp;
type U = Awaited<ReturnType<TestApp['createUser']>>;
let admin: U, client: U, broker: U, otherClient: U;
let project: number, otherProject: number;

const LIMIT = 512 * 1024;

beforeAll(async () => {
  t = await createTestApp({ maxSunStudyBytes: LIMIT });
});
afterAll(() => t.close());

/** A real image made by sharp: a gradient-free block of colour is enough to decode and resize. */
function image(format: 'jpeg' | 'png' | 'webp', width: number, height: number, extra?: (s: Sharp) => Sharp) {
  let s = sharp({ create: { width, height, channels: 3, background: { r: 240, g: 160, b: 40 } } });
  if (extra) s = extra(s);
  return s.toFormat(format).toBuffer();
}

const box = (type: string, body: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
/** An ISO base media file with an mp4 brand: what a phone or an encoder writes first. */
const MP4 = Buffer.concat([
  box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')),
  box('mdat', Buffer.alloc(4096, 7)),
]);
const ebml = (docType: string) => {
  const body = Buffer.from([0x42, 0x82, 0x80 | docType.length, ...Buffer.from(docType)]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | body.length]), body, Buffer.alloc(2048)]);
};
const WEBM = ebml('webm');
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(0x3a),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(0x40),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200),
]);

const createProject = async (owner: number) => (await arrangeFor(t, admin.token).project({ owner })).id;

function upload(name: string, bytes: Buffer | string, projectId = project, token = admin.token) {
  const { payload, headers } = multipart(name, bytes);
  return t.as(token, { method: 'POST', url: `/api/v1/admin/sunstudy/${projectId}`, payload, headers });
}

function add(body: Record<string, unknown>, token = admin.token) {
  return t.as(token, { method: 'POST', url: '/api/v2/sunstudy/file', payload: body });
}

/** Upload and add in one go, as the back-office does. */
async function addFile(name: string, bytes: Buffer, label = name, projectId = project, sortIndex?: number) {
  const up = await upload(name, bytes, projectId);
  expect(up.statusCode, up.body).toBe(201);
  const res = await add({
    projectId,
    label,
    ...up.json().file,
    ...(sortIndex !== undefined ? { sortIndex } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ file: SunStudyFile; files: SunStudyFile[] }>();
}

const list = async (projectId = project, token = admin.token) => {
  const res = await t.as(token, { method: 'GET', url: `/api/v2/sunstudy/project/${projectId}` });
  expect(res.statusCode).toBe(200);
  return res.json().files as SunStudyFile[];
};
const labels = (files: SunStudyFile[]) => files.map((f) => f.label);
const count = async (table: 'files' | 'file_variants' | 'sun_study_files') => {
  const { rows } = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return rows[0]!.n;
};
const publicView = async (projectId = project) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/public/view/${projectId}` })).json<PublicView>();
const setSunStudy = (value: '1' | '0', projectId = project) =>
  t.as(admin.token, {
    method: 'POST',
    url: `/api/v1/admin/settings/${projectId}`,
    payload: { name: 'show_sun_study', value },
  });

beforeEach(async () => {
  await t.reset();
  admin = await t.createUser('admin');
  client = await t.createUser('client');
  broker = await t.createUser('broker');
  otherClient = await t.createUser('client');
  project = await createProject(client.id);
  otherProject = await createProject(otherClient.id);
  await t.as(admin.token, {
    method: 'PUT',
    url: `/api/v1/admin/project/${project}`,
    payload: { broker_id: broker.id },
  });
});

describe('upload', () => {
  it('accepts each image type, keeps a full-size copy and makes WebP and original-format copies no wider than it', async () => {
    const cases = [
      {
        name: '21 juni 09.00.jpg',
        bytes: await image('jpeg', 2000, 1000),
        type: 'image/jpeg',
        widths: [320, 768, 1280, 1920],
      },
      {
        name: 'noon.JPEG',
        bytes: await image('jpeg', 900, 600),
        type: 'image/jpeg',
        widths: [320, 768, 900],
      },
      { name: 'evening.png', bytes: await image('png', 500, 250), type: 'image/png', widths: [320, 500] },
      { name: 'night.webp', bytes: await image('webp', 300, 200), type: 'image/webp', widths: [300] },
    ];
    for (const c of cases) {
      const { file } = await addFile(c.name, c.bytes);
      expect(file).toMatchObject({ kind: 'image', contentType: c.type });
      expect(file.fileName).toBe(c.name.replace('.JPEG', '.jpeg'));
      expect(file.filePath).toMatch(new RegExp(`^/projects/${project}/sunstudy/\\d+/[\\w-]{12}/`));

      const original = await t.app.inject({ method: 'GET', url: file.filePath });
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe(c.type);
      // Re-encoded without metadata, at the upload's size and format.
      const meta = await sharp(original.rawPayload).metadata();
      expect([meta.width, `image/${meta.format}`, file.size]).toEqual([
        (await sharp(c.bytes).metadata()).width,
        c.type,
        original.rawPayload.length,
      ]);

      const [entry] = (await publicViewWithSunStudy()).filter((s) => s.id === file.id);
      const types = c.type === 'image/webp' ? ['image/webp'] : ['image/webp', c.type];
      expect(entry!.sources.map((s) => [s.width, s.type]).sort()).toEqual(
        c.widths.flatMap((w) => types.map((type) => [w, type])).sort(),
      );
      for (const source of entry!.sources) {
        const res = await t.app.inject({ method: 'GET', url: source.url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(source.type);
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.width).toBe(source.width);
        expect(`image/${meta.format}`).toBe(source.type);
      }
      expect(file.thumbnailPath).toBe(entry!.sources.find((s) => s.type === 'image/webp')!.url);
    }
  });

  it('accepts MP4 and WebM videos, without copies', async () => {
    for (const [name, bytes, type] of [
      ['sommar.mp4', MP4, 'video/mp4'],
      ['vinter.webm', WEBM, 'video/webm'],
    ] as const) {
      const { file } = await addFile(name, bytes);
      expect(file).toMatchObject({ kind: 'video', contentType: type, thumbnailPath: null, width: null });
      const res = await t.app.inject({ method: 'GET', url: file.filePath });
      expect(res.headers['content-type']).toBe(type);
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
    expect(await count('file_variants')).toBe(0);
  });

  it('turns the image upright and copies no metadata, into the copies or the original', async () => {
    const bytes = await image('jpeg', 400, 200, (s) =>
      s.withMetadata({ orientation: 6 }).withExif({
        IFD0: { Make: 'PhoneMaker', Copyright: 'Photographer' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 19/1 0/1' },
      }),
    );
    expect((await sharp(bytes).metadata()).exif).toBeDefined();
    const { file } = await addFile('phone.jpg', bytes);
    expect([file.width, file.height]).toEqual([200, 400]);
    const [entry] = await publicViewWithSunStudy();
    for (const url of [entry!.sources[0]!.url, file.filePath]) {
      const served = (await t.app.inject({ method: 'GET', url })).rawPayload;
      const meta = await sharp(served).metadata();
      expect([meta.width, meta.height, meta.orientation, meta.exif]).toEqual([
        200,
        400,
        undefined,
        undefined,
      ]);
      expect(served.includes('PhoneMaker')).toBe(false);
    }
  });

  const refusals: [string, string, () => Promise<Buffer> | Buffer, RegExp][] = [
    ['a .png that is a Windows program', 'sun.png', () => EXE, /not a PNG image \(it is EXE\)/],
    [
      'a .png that is SVG',
      'sun.png',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      /not a PNG image/,
    ],
    [
      'a .png that is HTML',
      'sun.png',
      () => Buffer.from('<!doctype html><script>alert(1)</script>'),
      /not a PNG image/,
    ],
    [
      'a .jpg that is a PNG',
      'sun.jpg',
      () => image('png', 10, 10),
      /is a PNG image but its name ends in \.jpg/,
    ],
    [
      'a .webp that is a JPEG',
      'sun.webp',
      () => image('jpeg', 10, 10),
      /is a JPEG image but its name ends in \.webp/,
    ],
    [
      'an .mp4 that is a QuickTime movie',
      'sun.mp4',
      () =>
        Buffer.concat([
          box('ftyp', Buffer.from('qt  \0\0\x02\0qt  ', 'latin1')),
          box('mdat', Buffer.alloc(64)),
        ]),
      /not a MP4 video/,
    ],
    [
      'an .mp4 that is a HEIC photo',
      'sun.mp4',
      () =>
        Buffer.concat([
          box('ftyp', Buffer.from('heic\0\0\0\0mif1heic', 'latin1')),
          box('mdat', Buffer.alloc(64)),
        ]),
      /not a MP4 video/,
    ],
    ['a .webm that is Matroska', 'sun.webm', () => ebml('matroska'), /not a WebM video/],
    [
      'a .gif',
      'sun.gif',
      () => Buffer.from('GIF89a'),
      /Only \.jpg, \.jpeg, \.png, \.webp, \.mp4 and \.webm files/,
    ],
    ['a file without extension', 'sun', () => image('jpeg', 10, 10), /Only \.jpg/],
    ['an .svg', 'sun.svg', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), /Only \.jpg/],
    ['an empty file', 'sun.jpg', () => Buffer.alloc(0), /empty/],
    [
      // 59 megapixels in 15 KB: decoding and resizing it took 290 MB.
      'an image over 40 megapixels',
      'sun.png',
      () => sparsePng(10_000, 5_900),
      /^The image is too large: at most 40 megapixels$/,
    ],
    [
      'a damaged JPEG',
      'sun.jpg',
      async () => (await image('jpeg', 800, 600)).subarray(0, 600),
      /could not be read/,
    ],
  ];
  for (const [what, name, bytes, message] of refusals) {
    it(`refuses ${what} with a 422 and stores nothing`, async () => {
      const res = await upload(name, await bytes());
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        status_code: 422,
        errors: { file: [expect.stringMatching(message)] },
      });
      expect(res.json().message).toMatch(message);
      expect(await count('files')).toBe(0);
    });
  }

  it('refuses a file over the limit with 413, and a request that is not multipart', async () => {
    const big = Buffer.concat([await image('jpeg', 10, 10), Buffer.alloc(LIMIT + 1)]);
    const res = await upload('big.jpg', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is larger than the limit of 0.5 MB');
    const json = await t.as(admin.token, {
      method: 'POST',
      url: `/api/v1/admin/sunstudy/${project}`,
      payload: {},
    });
    expect(json.statusCode).toBe(422);
    expect(await count('files')).toBe(0);
  });

  it('keeps both files when a name is uploaded twice', async () => {
    const bytes = await image('jpeg', 50, 50);
    const first = (await upload('sol.jpg', bytes)).json().file;
    const second = (await upload('sol.jpg', bytes)).json().file;
    expect([first.fileName, second.fileName]).toEqual(['sol.jpg', 'sol (2).jpg']);
    expect(first.filePath).not.toBe(second.filePath);
  });

  it('removes uploads that were never added once they are a day old', async () => {
    const stale = (await upload('stale.jpg', await image('jpeg', 50, 50))).json().file;
    await t.db.execute(sql`update files set created_at = now() - interval '2 days' where name = 'stale.jpg'`);
    await addFile('kept.jpg', await image('jpeg', 50, 50));
    const names = (await t.db.select({ name: schema.files.name }).from(schema.files)).map((r) => r.name);
    expect(names).toEqual(['kept.jpg']);
    expect((await t.app.inject({ method: 'GET', url: stale.filePath })).statusCode).toBe(404);
    expect((await add({ projectId: project, label: 'x', ...stale })).statusCode).toBe(422);
  });
});

async function publicViewWithSunStudy() {
  await setSunStudy('1');
  return (await publicView()).sun_study;
}

describe('the list and its order', () => {
  it('adds at the end or at sortIndex, moves, relabels and deletes, with sortIndex always the position', async () => {
    const bytes = await image('jpeg', 40, 30);
    for (const label of ['06:00', '09:00', '12:00', '18:00']) await addFile(`${label}.jpg`, bytes, label);
    const check = async (expected: string[], answered?: SunStudyFile[]) => {
      const files = await list();
      expect(labels(files)).toEqual(expected);
      expect(files.map((f) => f.sortIndex)).toEqual(expected.map((_, i) => i));
      if (answered) expect(answered).toEqual(files);
      return files;
    };
    let files = await check(['06:00', '09:00', '12:00', '18:00']);

    const inserted = await addFile('15.jpg', bytes, '15:00', project, 3);
    files = await check(['06:00', '09:00', '12:00', '15:00', '18:00'], inserted.files);

    const byLabel = (l: string) => files.find((f) => f.label === l)!.id;
    const put = (id: number, body: Record<string, unknown>) =>
      t.as(admin.token, { method: 'PUT', url: `/api/v2/sunstudy/file/${id}`, payload: body });

    let res = await put(byLabel('18:00'), { sortIndex: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json().file).toMatchObject({ label: '18:00', sortIndex: 0 });
    await check(['18:00', '06:00', '09:00', '12:00', '15:00'], res.json().files);

    res = await put(byLabel('18:00'), { sortIndex: 99, label: '  21 juni 18:00 ' });
    files = await check(['06:00', '09:00', '12:00', '15:00', '21 juni 18:00'], res.json().files);

    res = await put(byLabel('09:00'), { label: '21 juni 09:00' });
    files = await check(['06:00', '21 juni 09:00', '12:00', '15:00', '21 juni 18:00'], res.json().files);

    const gone = files.find((f) => f.label === '12:00')!;
    res = await t.as(admin.token, { method: 'DELETE', url: `/api/v2/sunstudy/file/${gone.id}` });
    expect(res.statusCode).toBe(200);
    files = await check(['06:00', '21 juni 09:00', '15:00', '21 juni 18:00'], res.json().files);
    // The stored bytes and copies go too.
    expect((await t.app.inject({ method: 'GET', url: gone.filePath })).statusCode).toBe(404);
    expect(await count('files')).toBe(4);
    expect(await count('sun_study_files')).toBe(4);
  });

  it('keeps positions whole when moves arrive at the same time', async () => {
    const bytes = await image('jpeg', 40, 30);
    for (const label of ['a', 'b', 'c', 'd', 'e', 'f']) await addFile(`${label}.jpg`, bytes, label);
    const files = await list();
    await Promise.all(
      files.map((f, i) =>
        t.as(admin.token, {
          method: 'PUT',
          url: `/api/v2/sunstudy/file/${f.id}`,
          payload: { sortIndex: (i * 4) % files.length },
        }),
      ),
    );
    const after = await list();
    expect(after.map((f) => f.sortIndex)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(labels(after).sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('refuses bad entries with 422 and changes nothing', async () => {
    const up = (await upload('a.jpg', await image('jpeg', 40, 30))).json().file;
    const other = (await upload('b.jpg', await image('jpeg', 40, 30), otherProject)).json().file;
    const cases: [Record<string, unknown>, string][] = [
      [{ projectId: project, label: 'x', fileName: 'nope.jpg', filePath: up.filePath }, 'fileName'],
      [{ projectId: project, label: 'x', fileName: up.fileName, filePath: '/projects/1/x.jpg' }, 'filePath'],
      [{ projectId: project, label: 'x', ...other }, 'fileName'],
      [{ projectId: project, label: 'x'.repeat(101), ...up }, 'label'],
      [{ projectId: project, label: 'x', ...up, sortIndex: -1 }, 'sortIndex'],
      [{ projectId: 'abc', label: 'x', ...up }, 'projectId'],
    ];
    for (const [body, field] of cases) {
      const res = await add(body);
      expect([field, res.statusCode]).toEqual([field, 422]);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect((await add({ projectId: project, label: 'x', ...up })).statusCode).toBe(201);
    const twice = await add({ projectId: project, label: 'y', ...up });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe('a.jpg is already in the sun study');
    expect(labels(await list())).toEqual(['x']);
    const [entry] = await list();
    const bad = await t.as(admin.token, {
      method: 'PUT',
      url: `/api/v2/sunstudy/file/${entry!.id}`,
      payload: { label: 'z'.repeat(101) },
    });
    expect(bad.statusCode).toBe(422);
    expect(labels(await list())).toEqual(['x']);
  });
});

describe('who may do what', () => {
  it('lets the owner and the broker read their project, and answers 404 to anyone else', async () => {
    await addFile('a.jpg', await image('jpeg', 40, 30), 'Morgon');
    expect(labels(await list(project, client.token))).toEqual(['Morgon']);
    expect(labels(await list(project, broker.token))).toEqual(['Morgon']);
    const res = await t.as(otherClient.token, { method: 'GET', url: `/api/v2/sunstudy/project/${project}` });
    expect(res.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v2/sunstudy/project/${project}` })).statusCode,
    ).toBe(401);
    expect(
      (await t.as(admin.token, { method: 'GET', url: '/api/v2/sunstudy/project/99999' })).statusCode,
    ).toBe(404);
  });

  it('keeps writes for admins: 403 in their own project, 404 in another, and nothing changes', async () => {
    const { file } = await addFile('a.jpg', await image('jpeg', 40, 30), 'Morgon');
    const up = (await upload('b.jpg', await image('jpeg', 40, 30))).json().file;
    const bytes = await image('jpeg', 40, 30);
    for (const [user, status] of [
      [client, 403],
      [broker, 403],
      [otherClient, 404],
    ] as const) {
      expect((await upload('c.jpg', bytes, project, user.token)).statusCode).toBe(403);
      expect((await add({ projectId: project, label: 'x', ...up }, user.token)).statusCode).toBe(status);
      const put = await t.as(user.token, {
        method: 'PUT',
        url: `/api/v2/sunstudy/file/${file.id}`,
        payload: { label: 'Hacked', sortIndex: 0 },
      });
      expect(put.statusCode).toBe(status);
      const del = await t.as(user.token, { method: 'DELETE', url: `/api/v2/sunstudy/file/${file.id}` });
      expect(del.statusCode).toBe(status);
    }
    // A caller who cannot reach the entry learns nothing, whatever the body.
    const probe = await t.as(otherClient.token, {
      method: 'PUT',
      url: `/api/v2/sunstudy/file/${file.id}`,
      payload: { label: 'x'.repeat(500) },
    });
    expect(probe.statusCode).toBe(404);
    expect(labels(await list())).toEqual(['Morgon']);
    expect(await count('files')).toBe(2);
    expect((await upload('a.jpg', bytes, 99999)).statusCode).toBe(404);
  });
});

describe('public files and the public view', () => {
  it('serves files with their type, an ETag, a year of caching and nosniff; 304 on a match; 404 for a wrong hash', async () => {
    const bytes = await image('png', 400, 300);
    const { file } = await addFile('sun.png', bytes);
    const res = await t.app.inject({ method: 'GET', url: file.filePath });
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    });
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: file.filePath,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const parts = file.filePath.split('/');
    parts[5] = 'AAAAAAAAAAAA';
    expect((await t.app.inject({ method: 'GET', url: parts.join('/') })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: file.filePath.replace(`/projects/${project}/`, `/projects/${otherProject}/`),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('sends a URL with a query string to its canonical URL (301) without reading the file, so a CDN keeps one copy', async () => {
    const { file } = await addFile('sun.jpg', await image('jpeg', 800, 400));
    const [entry] = await list();
    for (const url of [file.filePath, entry!.thumbnailPath!]) {
      for (const query of ['?utm_source=x', '?v=2&w=1920', '?x']) {
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await t.app.inject({ method, url: `${url}${query}` });
          expect(res.statusCode, `${method} ${url}${query}`).toBe(301);
          expect(res.headers.location).toBe(url);
          expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
          expect(res.rawPayload.length).toBe(0);
        }
      }
      const canonical = await t.app.inject({ method: 'GET', url });
      expect(canonical.statusCode).toBe(200);
      expect(canonical.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // Answered before any lookup: the same for a file that does not exist.
    const unknown = file.filePath.replace(/\/[^/]+$/, '/other.jpg');
    expect((await t.app.inject({ method: 'GET', url: `${unknown}?x=1` })).statusCode).toBe(301);
  });

  it('answers byte ranges, so videos can seek', async () => {
    const { file } = await addFile('sommar.mp4', MP4);
    const res = await t.app.inject({ method: 'GET', url: file.filePath, headers: { range: 'bytes=4-11' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 4-11/${MP4.length}`);
    expect(res.rawPayload.toString('latin1')).toBe('ftypisom');
    const tail = await t.app.inject({ method: 'GET', url: file.filePath, headers: { range: 'bytes=-16' } });
    expect(tail.rawPayload.equals(MP4.subarray(-16))).toBe(true);
    const outside = await t.app.inject({
      method: 'GET',
      url: file.filePath,
      headers: { range: `bytes=${MP4.length}-` },
    });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${MP4.length}`);
  });

  it('shows the sun study in the public view only while show_sun_study is on, at once after each change', async () => {
    await addFile('a.jpg', await image('jpeg', 1000, 500), '21 juni 09:00');
    await addFile('b.mp4', MP4, '21 juni 12:00');
    expect((await publicView()).sun_study).toEqual([]);

    expect((await setSunStudy('1')).statusCode).toBe(200);
    const view = await publicView();
    expect(view.sun_study.map((s) => [s.label, s.kind, s.type])).toEqual([
      ['21 juni 09:00', 'image', 'image/jpeg'],
      ['21 juni 12:00', 'video', 'video/mp4'],
    ]);
    expect(view.sun_study[0]).toMatchObject({ width: 1000, height: 500 });
    expect(Object.keys(view.sun_study[0]!).sort()).toEqual(
      ['height', 'id', 'kind', 'label', 'sources', 'type', 'url', 'width'].sort(),
    );

    // Every write shows at once, not after the view's cache lifetime.
    const [first] = await list();
    await t.as(admin.token, {
      method: 'PUT',
      url: `/api/v2/sunstudy/file/${first!.id}`,
      payload: { sortIndex: 1, label: 'Morgon' },
    });
    expect((await publicView()).sun_study.map((s) => s.label)).toEqual(['21 juni 12:00', 'Morgon']);
    await t.as(admin.token, { method: 'DELETE', url: `/api/v2/sunstudy/file/${first!.id}` });
    expect((await publicView()).sun_study.map((s) => s.label)).toEqual(['21 juni 12:00']);

    await setSunStudy('0');
    expect((await publicView()).sun_study).toEqual([]);
    // Other projects never see it.
    await setSunStudy('1', otherProject);
    expect((await publicView(otherProject)).sun_study).toEqual([]);
  });

  it('deleting the project removes its sun study and stored files', async () => {
    await addFile('a.jpg', await image('jpeg', 400, 300));
    await t.as(admin.token, { method: 'DELETE', url: `/api/v1/admin/project/${project}` });
    expect(await count('sun_study_files')).toBe(0);
    expect(await count('files')).toBe(0);
    expect(await count('file_variants')).toBe(0);
    expect(
      await t.db.select().from(schema.sunStudyFiles).where(eq(schema.sunStudyFiles.project_id, project)),
    ).toEqual([]);
  });
});
