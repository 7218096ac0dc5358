import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from './icons';

/**
 * "Newer" and "Older" for a list read page by page from a cursor (the audit log, the mail log):
 * `cursors` are the cursors of the pages before this one, `nextBefore` the next page's, or null.
 */
export function CursorPager<C>({
  cursors,
  setCursors,
  nextBefore,
  busy,
  newer,
  older,
  children,
}: {
  cursors: readonly C[];
  setCursors: Dispatch<SetStateAction<C[]>>;
  nextBefore: C | null;
  busy: boolean;
  newer: string;
  older: string;
  /** Shown between the buttons (the page number). */
  children?: ReactNode;
}) {
  if (cursors.length === 0 && nextBefore === null) return null;
  return (
    <Group justify="space-between" mt="md">
      <Button
        variant="default"
        leftSection={<IconChevronLeft size={16} aria-hidden />}
        disabled={cursors.length === 0 || busy}
        onClick={() => setCursors((c) => c.slice(0, -1))}
      >
        {newer}
      </Button>
      {children}
      <Button
        variant="default"
        rightSection={<IconChevronRight size={16} aria-hidden />}
        disabled={nextBefore === null || busy}
        onClick={() => nextBefore !== null && setCursors((c) => [...c, nextBefore])}
      >
        {older}
      </Button>
    </Group>
  );
}
