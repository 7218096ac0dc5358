import sharp from 'sharp';
import { api, baseURL, createUser } from './browser';

/** Arranges widget projects through the real API, the way an admin would. */

export interface ApartmentInput {
  bostad: string;
  rooms?: string;
  floor?: string;
  square?: number;
  price?: number;
  fee?: number;
  garden_size?: number;
  status: string;
  inactive?: '0' | '1';
  link?: string;
  description?: string;
  info?: { url: string }[];
  /** The plan the apartment is drawn on. */
  file_name?: string;
}

export async function createProject(
  token: string,
  name: string,
  type: 'sale' | 'rental' | 'tomter' = 'sale',
): Promise<number> {
  const owner = await createUser(token);
  const res = await api<{ project: { id: number } }>('POST', `/api/v1/admin/project/${owner.id}`, token, {
    name,
    type,
  });
  if (res.status !== 201 && res.status !== 200) {
    throw new Error(`create project: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.project.id;
}

export async function setSettings(token: string, projectId: number, settings: Record<string, string>) {
  for (const [name, value] of Object.entries(settings)) {
    const res = await api('POST', `/api/v1/admin/settings/${projectId}`, token, { name, value });
    if (res.status >= 300) throw new Error(`setting ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

export async function addApartment(token: string, projectId: number, input: ApartmentInput): Promise<number> {
  const res = await api<{ apartment: { id: number } }>(
    'POST',
    `/api/v1/admin/apartment/${projectId}`,
    token,
    {
      ...input,
      info: input.info ? JSON.stringify(input.info) : undefined,
    },
  );
  if (res.status !== 201) throw new Error(`add apartment: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.apartment.id;
}

export async function uploadFile(
  token: string,
  projectId: number,
  name: string,
  content: string,
  type = 'image/svg+xml',
): Promise<{ id: number; name: string }> {
  const form = new FormData();
  form.append('file', new Blob([content], { type }), name);
  const res = await fetch(`${baseURL()}/api/v1/admin/file/${projectId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { file: { id: number; name: string } };
  if (res.status !== 201) throw new Error(`upload ${name}: ${res.status} ${JSON.stringify(body)}`);
  return body.file;
}

export async function addBuilding(token: string, projectId: number, label: string): Promise<number> {
  const res = await api<{ building_number: { id: number } }>(
    'POST',
    `/api/v1/building-numbers/${projectId}`,
    token,
    { label },
  );
  if (res.status >= 300) throw new Error(`building: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.building_number.id;
}

export async function attachBuildings(token: string, fileId: number, ids: number[]) {
  const res = await api('POST', `/api/v1/admin/svg/buildings/${fileId}`, token, { buildings: ids.join(',') });
  if (res.status >= 300) throw new Error(`attach buildings: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function statisticCount(token: string, projectId: number, apartmentId: number): Promise<number> {
  const res = await api<{ apartments: { id: number; statistic_count: number }[] }>(
    'GET',
    `/api/v1/admin/apartments/${projectId}`,
    token,
  );
  return res.body.apartments.find((a) => a.id === apartmentId)?.statistic_count ?? -1;
}

/** A 1600 × 1000 sun-study image of one colour with a darker band, in the given format. */
export function sunPicture(
  format: 'jpeg' | 'png' | 'webp',
  r: number,
  g: number,
  b: number,
): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r, g, b } } })
    .composite([
      {
        input: {
          create: { width: 1600, height: 200, channels: 3, background: { r: r / 2, g: g / 2, b: b / 2 } },
        },
        top: 400,
        left: 0,
      },
    ])
    .toFormat(format)
    .toBuffer();
}

/** Arranges a sun study as the Sun study tab does: upload each file, then add it with its label. */
export async function addSunStudy(
  token: string,
  projectId: number,
  files: [name: string, bytes: Buffer, label: string][],
): Promise<void> {
  for (const [name, bytes, label] of files) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const up = await fetch(`${baseURL()}/api/v1/admin/sunstudy/${projectId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (up.status !== 201) throw new Error(`sun-study upload ${name}: ${up.status} ${await up.text()}`);
    const { file } = (await up.json()) as { file: { fileName: string; filePath: string } };
    const res = await api('POST', '/api/v2/sunstudy/file', token, { projectId, label, ...file });
    if (res.status !== 201)
      throw new Error(`sun-study file ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

/** A zone rectangle as the plan editor writes it. */
export function zoneRect(id: number | string, bostad: string, x: number, y: number, w = 80, h = 60): string {
  return `<rect id="${id}" data-bostad="${bostad}" x="${x}" y="${y}" width="${w}" height="${h}" fill="#ccc" stroke="#333"/>`;
}

export function svgDoc(inner: string, viewBox = '0 0 400 300'): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}"><rect x="0" y="0" width="100%" height="100%" fill="#fafafa"/>${inner}</svg>`;
}

/** Waits for the server to make a change visible (the public view is cached for 2 s). */
export async function untilViewShows(projectId: number, check: (view: unknown) => boolean) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const res = await api('GET', `/api/v1/public/view/${projectId}`);
    if (res.status === 200 && check(res.body)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the public view did not pick up the change in 10 s');
}
