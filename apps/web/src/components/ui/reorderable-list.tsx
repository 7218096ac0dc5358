import { useState, type DragEvent, type ReactNode } from 'react';
import { ActionIcon, Badge, Group, Stack, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from './icons';
import { dropIndex } from '../../lib/list-order';
import classes from './reorderable-list.module.css';

export interface ReorderableListProps<T> {
  items: readonly T[];
  getKey: (item: T) => number | string;
  /** Names the row for assistive technology (and the tests): a file name, a label. */
  getName: (item: T) => string;
  /** The list's accessible name. */
  label: string;
  /** Called with the item's position and where it should go; the caller saves the order. */
  onMove: (from: number, to: number) => void;
  /** While a move is being saved, the buttons wait. */
  busy?: boolean;
  texts: {
    moveUp: (name: string) => string;
    moveDown: (name: string) => string;
    dragHandle: (name: string) => string;
  };
  /** The row between the position number and the move buttons. */
  children: (item: T, index: number) => ReactNode;
  /** Buttons after the move buttons (delete). */
  actions?: (item: T, index: number) => ReactNode;
}

/**
 * A list ordered by hand: drag a row (native drag and drop, with a line where it will
 * land) or use its up/down buttons, which are the keyboard's way. Used by the plans and
 * the sun study; each saves the order its own way.
 */
export function ReorderableList<T>({
  items,
  getKey,
  getName,
  label,
  onMove,
  busy,
  texts,
  children,
  actions,
}: ReorderableListProps<T>) {
  const [dragKey, setDragKey] = useState<string | null>(null);
  const [drop, setDrop] = useState<{ index: number; after: boolean } | null>(null);
  // A type of our own, so files dragged in from the desktop are not taken for a row.
  const [dragType] = useState(() => `application/x-planvy-row-${Math.random().toString(36).slice(2)}`);

  const isRowDrag = (event: DragEvent) => Array.from(event.dataTransfer.types).includes(dragType);
  const move = (from: number, to: number) => {
    if (from !== to && to >= 0 && to < items.length) onMove(from, to);
  };
  const reset = () => {
    setDragKey(null);
    setDrop(null);
  };

  const onDragOver = (event: DragEvent<HTMLLIElement>, index: number) => {
    if (!isRowDrag(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const box = event.currentTarget.getBoundingClientRect();
    const after = event.clientY > box.top + box.height / 2;
    if (drop?.index !== index || drop.after !== after) setDrop({ index, after });
  };

  const onDrop = (event: DragEvent<HTMLLIElement>, index: number) => {
    if (!isRowDrag(event)) return;
    event.preventDefault();
    const from = items.findIndex((item) => String(getKey(item)) === event.dataTransfer.getData(dragType));
    const after = drop?.after ?? false;
    reset();
    if (from >= 0) move(from, dropIndex(from, index, after));
  };

  return (
    <Stack gap={6} component="ol" className={classes.list} aria-label={label}>
      {items.map((item, index) => {
        const key = String(getKey(item));
        const name = getName(item);
        const here = drop?.index === index && dragKey !== key;
        return (
          <li
            key={key}
            className={classes.row}
            draggable
            aria-label={name}
            data-dragging={dragKey === key || undefined}
            data-drop-before={(here && !drop.after) || undefined}
            data-drop-after={(here && drop.after) || undefined}
            onDragStart={(event) => {
              event.dataTransfer.setData(dragType, key);
              event.dataTransfer.effectAllowed = 'move';
              setDragKey(key);
            }}
            onDragEnd={reset}
            onDragOver={(event) => onDragOver(event, index)}
            onDrop={(event) => onDrop(event, index)}
          >
            <span className={classes.grip} title={texts.dragHandle(name)} aria-hidden>
              <IconGripVertical size={18} />
            </span>
            <Badge variant="light" size="lg" radius="sm" w={36} px={0} aria-hidden>
              {index + 1}
            </Badge>
            <div className={classes.content}>{children(item, index)}</div>
            <Group gap={4} wrap="nowrap">
              <Tooltip label={texts.moveUp(name)} withinPortal>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={texts.moveUp(name)}
                  disabled={index === 0 || busy}
                  onClick={() => move(index, index - 1)}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={texts.moveDown(name)} withinPortal>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={texts.moveDown(name)}
                  disabled={index === items.length - 1 || busy}
                  onClick={() => move(index, index + 1)}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
              {actions?.(item, index)}
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}
