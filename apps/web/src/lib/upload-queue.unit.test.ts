import { describe, expect, it } from 'vitest';
import { fileKindFor } from '@planvy/shared';
import { addFiles, formatBytes, readyItems, updateItem, type UploadItem } from './upload-queue';

const none: UploadItem<'svg' | 'image'>[] = [];

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name, { lastModified: 1 });

describe('upload queue', () => {
  it('lists plans and images, once each, and refuses other types at once', () => {
    const items = addFiles(
      none,
      [file('a.svg'), file('b.PNG'), file('c.pdf'), file('a.svg')],
      fileKindFor,
      'Only …',
    );
    expect(items.map((i) => [i.file.name, i.kind, i.status])).toEqual([
      ['a.svg', 'svg', 'ready'],
      ['b.PNG', 'image', 'ready'],
      ['c.pdf', undefined, 'failed'],
    ]);
    expect(items[2]?.error).toBe('Only …');
    expect(readyItems(items)).toHaveLength(2);
    expect(addFiles(items, [file('a.svg')], fileKindFor, '')).toHaveLength(3);
  });

  it('updates one item', () => {
    const items = addFiles(none, [file('a.svg'), file('b.jpg')], fileKindFor, '');
    const next = updateItem(items, items[1]!.key, { status: 'uploading', progress: 0.5 });
    expect(next[1]).toMatchObject({ status: 'uploading', progress: 0.5 });
    expect(next[0]).toBe(items[0]);
  });

  it('formats sizes', () => {
    expect(formatBytes(999, 'en')).toBe('999 B');
    expect(formatBytes(1_250_000, 'en')).toBe('1.3 MB');
    expect(formatBytes(1_250_000, 'sv')).toBe('1,3 MB');
  });
});
