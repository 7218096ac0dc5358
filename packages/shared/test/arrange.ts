import type { Apartment, ApartmentFields } from '../src/apartments';
import type { BuildingNumber, PlanFile } from '../src/files';
import type { Project, ProjectCreate, ProjectSettingName } from '../src/projects';
import type { User, UserCreate } from '../src/users';

/**
 * Typed arrange builders over HTTP: the one way API tests (through `app.inject`, see
 * apps/api/test/harness.ts `arrangeFor`), browser tests and benchmarks (through `fetch` against a
 * started server, `overFetch`) create the data a test stands on, the way an admin would. Each
 * builder has defaults for every field, takes typed overrides, checks the answer's status and
 * answers the created entity as the API returns it.
 */

/** One request the builders make: JSON, or one file as multipart/form-data. */
export interface ArrangeRequest {
  method: string;
  url: string;
  token?: string;
  json?: unknown;
  /** A file in the form field "file" (multipart/form-data). */
  file?: { name: string; bytes: string | Uint8Array; type?: string };
}

export interface ArrangeAnswer {
  status: number;
  body: unknown;
  text: string;
}

/** How the builders reach the API: `app.inject` in API tests, `fetch` elsewhere. */
export type Transport = (request: ArrangeRequest) => Promise<ArrangeAnswer>;

const parse = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

/** The transport of browser tests and benchmarks: real HTTP to a started server. */
export function overFetch(baseURL: string): Transport {
  return async ({ method, url, token, json, file }) => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    let body: string | FormData | undefined;
    if (file) {
      body = new FormData();
      const bytes = typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes);
      body.append('file', new Blob([bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
    } else if (json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    }
    const res = await fetch(`${baseURL}${url}`, { method, headers, body });
    const text = await res.text();
    return { status: res.status, body: parse(text), text };
  };
}

/** A user as created, with the password it signs in with. */
export type ArrangedUser = User & { password: string };

export type ApartmentOverrides = Omit<ApartmentFields, 'info' | 'status'> & {
  /** A status alias; any text, so a test may build it (the API refuses an unknown one). */
  status?: string;
  /** Links to documents; a list is sent as the JSON text the API takes. */
  info?: { url: string }[] | string;
};

export interface Arrange {
  /** A user (a client unless `role` says otherwise), e-mail unique, password "secret123". */
  user(fields?: Partial<UserCreate>): Promise<ArrangedUser>;
  /**
   * A project, owned by `owner` (a user id) or by a new client; a sale project named "Project N"
   * unless the overrides say otherwise.
   */
  project(fields?: Partial<ProjectCreate> & { owner?: number }): Promise<Project>;
  /** An apartment numbered "A N" unless the overrides say otherwise; every other field as the API defaults it. */
  apartment(projectId: number, fields?: ApartmentOverrides): Promise<Apartment>;
  /** Uploads a plan (or an image); a small SVG named "plan-N.svg" unless told otherwise. */
  plan(
    projectId: number,
    fields?: { name?: string; markup?: string | Uint8Array; type?: string },
  ): Promise<PlanFile>;
  /** A building number, labelled "N" unless told otherwise. */
  buildingNumber(projectId: number, label?: string): Promise<BuildingNumber>;
  /** Puts the building numbers on a plan (the plan editor's building list). */
  attachBuildings(fileId: number, buildingIds: number[]): Promise<void>;
  /** Stores project settings, one call per name, as the settings form does. */
  settings(projectId: number, settings: Partial<Record<ProjectSettingName, string>>): Promise<void>;
  /** A JSON request through the same transport and token, for what has no builder; throws unless 2xx. */
  call<T>(method: string, url: string, json?: unknown): Promise<T>;
  /** A file posted to `url` (plans, sun-study pictures); throws unless 201. */
  upload<T>(url: string, file: NonNullable<ArrangeRequest['file']>): Promise<T>;
}

let seq = 0;
/** Unique across the processes of a run (e-mail addresses must be). */
const next = () =>
  `${Date.now().toString(36)}${(++seq).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const counter = { project: 0, apartment: 0, plan: 0, building: 0 };

/** A small plan with nothing on it but a background. */
export const PLAIN_PLAN =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><rect width="400" height="300" fill="#fafafa"/></svg>';

/** The builders, acting as `token`'s user (an admin for all of them). */
export function arrange(transport: Transport, token: string): Arrange {
  const send = async <T>(request: ArrangeRequest, expected: number[]): Promise<T> => {
    const res = await transport({ ...request, token });
    if (!expected.includes(res.status))
      throw new Error(
        `arrange: ${request.method} ${request.url} answered ${res.status} ${res.text.slice(0, 300)}`,
      );
    return res.body as T;
  };
  const created = [200, 201];

  const self: Arrange = {
    async user(fields = {}) {
      const password = fields.password ?? 'secret123';
      const n = next();
      const { user } = await send<{ user: User }>(
        {
          method: 'POST',
          url: '/api/v1/admin/user',
          json: {
            email: `user-${n}@example.com`,
            first_name: `Test ${n}`,
            last_name: 'Person',
            phone: '',
            role: 'client',
            ...fields,
            password,
            password_confirm: fields.password_confirm ?? password,
          },
        },
        created,
      );
      return { ...user, password };
    },

    async project({ owner, ...fields } = {}) {
      const ownerId = owner ?? (await self.user()).id;
      counter.project += 1;
      const { project } = await send<{ project: Project }>(
        {
          method: 'POST',
          url: `/api/v1/admin/project/${ownerId}`,
          json: { name: `Project ${counter.project}`, type: 'sale', description: '', ...fields },
        },
        created,
      );
      return project;
    },

    async apartment(projectId, { info, ...fields } = {}) {
      counter.apartment += 1;
      const { apartment } = await send<{ apartment: Apartment }>(
        {
          method: 'POST',
          url: `/api/v1/admin/apartment/${projectId}`,
          json: {
            bostad: `A ${counter.apartment}`,
            ...fields,
            ...(info === undefined ? {} : { info: typeof info === 'string' ? info : JSON.stringify(info) }),
          },
        },
        [201],
      );
      return apartment;
    },

    async plan(projectId, { name, markup = PLAIN_PLAN, type = 'image/svg+xml' } = {}) {
      counter.plan += 1;
      const { file } = await self.upload<{ file: PlanFile }>(`/api/v1/admin/file/${projectId}`, {
        name: name ?? `plan-${counter.plan}.svg`,
        bytes: markup,
        type,
      });
      return file;
    },

    async buildingNumber(projectId, label) {
      counter.building += 1;
      const { building_number } = await send<{ building_number: BuildingNumber }>(
        {
          method: 'POST',
          url: `/api/v1/building-numbers/${projectId}`,
          json: { label: label ?? String(counter.building) },
        },
        created,
      );
      return building_number;
    },

    async attachBuildings(fileId, buildingIds) {
      await send(
        {
          method: 'POST',
          url: `/api/v1/admin/svg/buildings/${fileId}`,
          json: { buildings: buildingIds.join(',') },
        },
        created,
      );
    },

    async settings(projectId, settings) {
      for (const [name, value] of Object.entries(settings))
        await send(
          { method: 'POST', url: `/api/v1/admin/settings/${projectId}`, json: { name, value } },
          created,
        );
    },

    call<T>(method: string, url: string, json?: unknown) {
      return send<T>({ method, url, json }, [200, 201, 204]);
    },

    upload<T>(url: string, file: NonNullable<ArrangeRequest['file']>) {
      return send<T>({ method: 'POST', url, file }, [201]);
    },
  };
  return self;
}
