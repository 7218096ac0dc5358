/** Files chosen for upload, and how each upload went (plans, sun-study files). */
export interface UploadItem<K extends string = string> {
  key: string;
  file: File;
  /** What the file is by its name, or undefined when it cannot be uploaded here. */
  kind: K | undefined;
  status: 'ready' | 'uploading' | 'done' | 'failed' | 'cancelled';
  /** Share of the bytes sent, 0–1. */
  progress: number;
  /** The server's (or the browser's) message when the upload failed. */
  error?: string;
}

export function fileKey(file: File): string {
  return `${file.name}\u0000${file.size}\u0000${file.lastModified}`;
}

/**
 * Adds chosen files to the list: the same file twice is listed once, and a file the
 * server would refuse by its name (`kindOf` answers undefined) is marked failed at once
 * with `unsupported`.
 */
export function addFiles<I extends UploadItem>(
  items: readonly I[],
  files: Iterable<File>,
  kindOf: (name: string) => I['kind'],
  unsupported: string,
): I[] {
  const next = [...items];
  const keys = new Set(items.map((i) => i.key));
  for (const file of files) {
    const key = fileKey(file);
    if (keys.has(key)) continue;
    keys.add(key);
    const kind = kindOf(file.name);
    const item: UploadItem<NonNullable<I['kind']>> = kind
      ? { key, file, kind, status: 'ready', progress: 0 }
      : { key, file, kind, status: 'failed', progress: 0, error: unsupported };
    next.push(item as I);
  }
  return next;
}

export function updateItem<I extends UploadItem>(items: readonly I[], key: string, patch: Partial<I>): I[] {
  return items.map((i) => (i.key === key ? { ...i, ...patch } : i));
}

export function readyItems<I extends UploadItem>(items: readonly I[]): I[] {
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
