import { fileKindFor, type PlanReport } from '@planvy/shared';

/** One file chosen in the upload area, and how its upload went. */
export interface UploadItem {
  key: string;
  file: File;
  kind: 'svg' | 'image' | undefined;
  status: 'ready' | 'uploading' | 'done' | 'failed' | 'cancelled';
  /** Share of the bytes sent, 0–1. */
  progress: number;
  /** The server's (or the browser's) message when the upload failed. */
  error?: string;
  report?: PlanReport;
}

export function fileKey(file: File): string {
  return `${file.name}\u0000${file.size}\u0000${file.lastModified}`;
}

/**
 * Adds chosen files to the list: the same file twice is listed once, and a file the
 * server would refuse by its name (spec §5) is marked failed at once with `unsupported`.
 */
export function addFiles(
  items: readonly UploadItem[],
  files: Iterable<File>,
  unsupported: string,
): UploadItem[] {
  const next = [...items];
  const keys = new Set(items.map((i) => i.key));
  for (const file of files) {
    const key = fileKey(file);
    if (keys.has(key)) continue;
    keys.add(key);
    const kind = fileKindFor(file.name);
    next.push(
      kind
        ? { key, file, kind, status: 'ready', progress: 0 }
        : { key, file, kind, status: 'failed', progress: 0, error: unsupported },
    );
  }
  return next;
}

export function updateItem(
  items: readonly UploadItem[],
  key: string,
  patch: Partial<UploadItem>,
): UploadItem[] {
  return items.map((i) => (i.key === key ? { ...i, ...patch } : i));
}

export function readyItems(items: readonly UploadItem[]): UploadItem[] {
  return items.filter((i) => i.status === 'ready');
}

/** "1.2 MB", "340 kB": sizes as people read them. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
