import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestApp } from '../../test/harness';
import { idAliases } from '../../test/id-aliases';
import { releases } from '../db/schema';

/**
 * Walks every route of the OpenAPI document and sends, one at a time, a NUL byte or an
 * unpaired surrogate in each path parameter, each query parameter and each string field
 * of an otherwise plausible body. None may answer 5xx: text PostgreSQL cannot store is a
 * 404 in a path and a 422 anywhere else. Every id in a path or query is also sent in the
 * spellings a lax number parser reads as that id (1e0, +1, 0x1, 1.0, 01, …): 404 in a
 * path, 422 in a query, never the thing itself (ADR 021).
 */

let t: TestApp;
let token: string;
const ids: Record<string, number | string> = {};

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  minItems?: number;
};
type Operation = {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.createUser('admin');
  const client = await t.createUser('client');
  token = admin.token;
  const project = (
    await t.as(token, {
      method: 'POST',
      url: `/api/v1/admin/project/${client.id}`,
      payload: { name: 'Walk', type: 'sale' },
    })
  ).json().project.id as number;
  const apartment = (
    await t.as(token, { method: 'POST', url: `/api/v1/admin/apartment/${project}`, payload: { bostad: '1' } })
  ).json().apartment.id as number;
  const { payload, headers } = multipart(
    'plan.svg',
    '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>',
  );
  const file = (
    await t.as(token, { method: 'POST', url: `/api/v1/admin/file/${project}`, payload, headers })
  ).json().file.id as number;
  const building = (
    await t.as(token, { method: 'POST', url: `/api/v1/building-numbers/${project}`, payload: { label: 'A' } })
  ).json();
  // A sun-study entry (a tiny WebM: EBML header, doctype "webm"), so its routes get a real id.
  const docType = Buffer.from('webm');
  const ebml = Buffer.from([0x42, 0x82, 0x80 | docType.length, ...docType]);
  const webm = Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | ebml.length]),
    ebml,
    Buffer.alloc(2048),
  ]);
  const video = multipart('sun.webm', webm);
  const uploaded = await t.as(token, {
    method: 'POST',
    url: `/api/v1/admin/sunstudy/${project}`,
    payload: video.payload,
    headers: video.headers,
  });
  const entry = await t.as(token, {
    method: 'POST',
    url: '/api/v2/sunstudy/file',
    payload: { projectId: project, label: 'Sun', ...uploaded.json().file },
  });
  expect(entry.statusCode, entry.body).toBe(201);
  const [release] = await t.db
    .insert(releases)
    .values({ project_id: project, name: 'Walk', mode: 'queue' })
    .returning();
  Object.assign(ids, {
    release: release!.id,
    project,
    apartment,
    file,
    client: client.id,
    building: building.building_number.id as number,
    sunStudy: entry.json().file.id as number,
  });
});
afterAll(() => t.close());

/** A real id for a path parameter, so the bad value is the only thing wrong with the request. */
function pathValue(path: string, name: string): string {
  if (name === 'projectId') return String(ids.project);
  if (name === 'user_id') return String(ids.client);
  if (name === 'fileId') return String(ids.file);
  if (name === 'name') return 'plan.svg';
  if (/\/sunstudy\/file\//.test(path)) return String(ids.sunStudy);
  if (/\/releases\//.test(path)) return String(ids.release);
  if (/\/apartments?\//.test(path)) return String(ids.apartment);
  if (/\/(svg|file|files)\//.test(path)) return String(ids.file);
  if (/\/user\//.test(path)) return String(ids.client);
  if (/building-numbers/.test(path)) return String(ids.building);
  return String(ids.project);
}

/** Body fields that name something: the seeded thing, so the request gets past its lookups. */
const NAMED: Record<string, () => unknown> = {
  user_id: () => ids.client,
  projectId: () => ids.project,
  apartments: () => [ids.apartment],
  building_number_id: () => ids.building,
  buildings: () => String(ids.building),
};

/** A plausible value for a JSON schema: the first enum value, an e-mail for e-mails, 1 for numbers. */
function sample(schema: JsonSchema | undefined, name?: string): unknown {
  const named = name === undefined ? undefined : NAMED[name];
  if (named) return named();
  if (!schema) return 'walker';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alternative = schema.anyOf ?? schema.oneOf;
  if (alternative) {
    return sample(alternative.find((s) => s.type !== 'null') ?? alternative[0]);
  }
  if (schema.allOf?.[0]) return sample(schema.allOf[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sample(s, k)]));
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      if (schema.format === 'email') return 'walker@example.com';
      if (schema.format === 'uri') return 'https://example.com/walker';
      return 'walker';
  }
}

/** Every path to a string in `value`, e.g. ["info", 0, "url"]. */
function stringPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...at, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...at, k]));
  return [];
}

function withValue(value: unknown, path: (string | number)[], leaf: string): unknown {
  if (path.length === 0) return leaf;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = leaf;
  return copy;
}

const BAD_TEXT = ['walker\u0000', 'walker\ud800', '\udc00walker'];
const BAD_URL = ['a%00b', '%00', 'a%ED%A0%80'];
/** Path parameters that are not ids. */
const NOT_ID_PARAMS = new Set(['name']);
/** Query parameters that are ids. */
const isIdQuery = (name: string) => /(^|_)id$|^(user|project|before)$/.test(name);

describe('text PostgreSQL cannot store, on every route', () => {
  // 912 requests: 15 s on a quiet machine, more when the CPU is shared.
  it('never answers 5xx (NUL and unpaired surrogates in paths, queries and bodies)', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const failures: string[] = [];
    let tried = 0;
    let serverErrors = 0;
    let routes = 0;
    const attempt = async (
      label: string,
      method: string,
      url: string,
      payload: unknown,
      expected: number[],
    ) => {
      tried += 1;
      const res = await t.as(token, {
        method: method.toUpperCase() as 'GET',
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      if (res.statusCode >= 500) serverErrors += 1;
      if (res.statusCode >= 500 || !expected.includes(res.statusCode)) {
        failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    };

    for (const [openApiPath, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        routes += 1;
        const params = op.parameters ?? [];
        const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
        const queryParams = params.filter((p) => p.in === 'query');
        const build = (override: Record<string, string> = {}, query = '') =>
          openApiPath.replace(
            /\{(\w+)\}/g,
            (_m, name: string) => override[name] ?? pathValue(openApiPath, name),
          ) + query;
        const baseQuery = queryParams
          .map((q) => `${q.name}=${encodeURIComponent(String(sample(q.schema)))}`)
          .join('&');
        const jsonSchema = op.requestBody?.content?.['application/json']?.schema;
        const body = jsonSchema ? sample(jsonSchema) : undefined;

        for (const name of pathParams) {
          for (const bad of BAD_URL) {
            // An invalid percent-encoding may be refused as a bad request before any route runs.
            const expected = bad.includes('%ED') ? [400, 404] : [404];
            await attempt(
              `${method} ${openApiPath} path ${name}=${bad}`,
              method,
              build({ [name]: bad }),
              body,
              expected,
            );
          }
        }
        for (const name of pathParams.filter((n) => !NOT_ID_PARAMS.has(n))) {
          for (const alias of idAliases(Number(pathValue(openApiPath, name)), 'few')) {
            await attempt(
              `${method} ${openApiPath} path ${name}=${alias}`,
              method,
              build({ [name]: alias }),
              body,
              [404],
            );
          }
        }
        for (const q of queryParams.filter((p) => isIdQuery(p.name))) {
          const rest = queryParams
            .filter((other) => other !== q)
            .map((o) => `${o.name}=${encodeURIComponent(String(sample(o.schema)))}`);
          for (const alias of idAliases(ids.project as number, 'few')) {
            const query = `?${[...rest, `${q.name}=${alias}`].join('&')}`;
            await attempt(
              `${method} ${openApiPath} query ${q.name}=${alias}`,
              method,
              build({}, query),
              body,
              [422],
            );
          }
        }
        for (const q of queryParams) {
          const rest = queryParams
            .filter((other) => other !== q)
            .map((o) => `${o.name}=${encodeURIComponent(String(sample(o.schema)))}`);
          for (const bad of BAD_URL) {
            const query = `?${[...rest, `${q.name}=${bad}`].join('&')}`;
            // An invalid UTF-8 sequence decodes to U+FFFD, which is storable: any 4xx will do.
            const expected = bad.includes('%ED') ? [400, 404, 422] : [422];
            await attempt(
              `${method} ${openApiPath} query ${q.name}=${bad}`,
              method,
              build({}, query),
              body,
              expected,
            );
          }
        }
        if (body !== undefined) {
          for (const path of stringPaths(body)) {
            for (const bad of BAD_TEXT) {
              const label = `${method} ${openApiPath} body ${path.join('.') || '(root)'}=${JSON.stringify(bad)}`;
              await attempt(
                label,
                method,
                build({}, baseQuery ? `?${baseQuery}` : ''),
                withValue(body, path, bad),
                [422],
              );
            }
          }
        }
      }
    }

    // The public file route is hidden from the document but takes a name from the path.
    for (const bad of BAD_URL) {
      await attempt(
        `GET /projects/{projectId}/{name} name=${bad}`,
        'get',
        `/projects/${ids.project}/${bad}.svg`,
        undefined,
        [400, 404],
      );
    }

    console.info(
      `route walker: ${routes} operations, ${tried} bad inputs, ${serverErrors} answered 5xx, ${failures.length} unexpected answers`,
    );
    if (failures.length > 0) console.info(failures.join('\n'));
    expect(failures).toEqual([]);
    expect(routes).toBeGreaterThan(40);
  }, 90_000);

  it('refuses a NUL in a body field with a 422 that names the field, and stores nothing', async () => {
    const res = await t.as(token, {
      method: 'PUT',
      url: `/api/v1/admin/apartment/${ids.apartment}`,
      payload: { description: 'ok', info: [{ url: 'https://x.example/\u0000' }] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'info.0.url': ['Contains a character that cannot be stored (NUL or an unpaired surrogate)'],
    });
    const after = await t.as(token, { method: 'GET', url: `/api/v1/admin/apartment/${ids.apartment}` });
    expect(after.json().apartment.description).toBe('');
  });

  it('still answers 401 to an anonymous caller before looking at the input', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/apartment/${ids.apartment}`,
      payload: { description: '\u0000' },
    });
    expect(res.statusCode).toBe(401);
  });
});
