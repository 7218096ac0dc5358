import type { ApartmentOverrides } from '@planvy/shared/test/arrange';
import sharp from 'sharp';
import { api, arrangeAs } from './browser';

/** Arranges widget projects through the real API, the way an admin would. */

/** An apartment's fields as the API takes them (the arrange builders' overrides). */
export type ApartmentInput = ApartmentOverrides;

/** A project of a new client (the arrange builders, `arrangeAs`); answers its id. */
export async function createProject(
  token: string,
  name: string,
  type: 'sale' | 'rental' | 'tomter' = 'sale',
): Promise<number> {
  return (await arrangeAs(token).project({ name, type })).id;
}

export function setSettings(token: string, projectId: number, settings: Record<string, string>) {
  return arrangeAs(token).settings(projectId, settings);
}

export async function addApartment(token: string, projectId: number, input: ApartmentInput): Promise<number> {
  return (await arrangeAs(token).apartment(projectId, input)).id;
}

export async function uploadFile(
  token: string,
  projectId: number,
  name: string,
  content: string,
  type = 'image/svg+xml',
): Promise<{ id: number; name: string }> {
  return arrangeAs(token).plan(projectId, { name, markup: content, type });
}

export async function addBuilding(token: string, projectId: number, label: string): Promise<number> {
  return (await arrangeAs(token).buildingNumber(projectId, label)).id;
}

export function attachBuildings(token: string, fileId: number, ids: number[]) {
  return arrangeAs(token).attachBuildings(fileId, ids);
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
  const a = arrangeAs(token);
  for (const [name, bytes, label] of files) {
    const { file } = await a.upload<{ file: { fileName: string; filePath: string } }>(
      `/api/v1/admin/sunstudy/${projectId}`,
      { name, bytes },
    );
    await a.call('POST', '/api/v2/sunstudy/file', { projectId, label, ...file });
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
