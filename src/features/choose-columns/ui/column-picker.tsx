import { ActionIcon, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';
import { IconChevronDown, IconChevronUp } from '@/shared/ui/icons';
import type { ColumnsChoice } from '../model/use-table-columns';

interface ColumnPickerProps {
  choice: ColumnsChoice;
  labels: Readonly<Record<string, string>>;
}

type Move = { id: string; direction: 'up' | 'down' };

/**
 * Every column of the table, the shown ones first in their order, each with a checkbox and buttons
 * to move it up or down (no dragging: a keyboard or a screen reader moves a column as well as a
 * mouse). The last column shown cannot be hidden: a table with no column shows nothing.
 */
export function ColumnPicker({ choice, labels }: ColumnPickerProps) {
  const { shown, choose, reset } = choice;
  const order = [...shown, ...Object.keys(labels).filter((id) => !shown.includes(id))];
  const list = useRef<HTMLUListElement>(null);
  const [moved, setMoved] = useState<Move | null>(null);

  // A moved column's button keeps the focus, so pressing it again moves the column on; at the top
  // or the bottom, where that button is disabled, the focus goes to the other one.
  useLayoutEffect(() => {
    if (!moved) return;
    const buttons = (direction: Move['direction']) => list.current?.querySelector<HTMLButtonElement>(`[data-column="${moved.id}"][data-move="${direction}"]`);
    const same = buttons(moved.direction);
    (same && !same.disabled ? same : buttons(moved.direction === 'up' ? 'down' : 'up'))?.focus();
  }, [moved, shown]);

  const move = (id: string, direction: Move['direction']) => {
    const from = order.indexOf(id);
    const to = direction === 'up' ? from - 1 : from + 1;
    const next = [...order];
    [next[from], next[to]] = [next[to]!, next[from]!];
    // The order of the hidden ones is not kept: they come back after the shown ones.
    choose(next.filter((column) => shown.includes(column)));
    setMoved({ id, direction });
  };
  const toggle = (id: string, show: boolean) => choose(show ? order.filter((column) => shown.includes(column) || column === id) : shown.filter((column) => column !== id));

  return (
    <Stack gap="sm">
      <Text fw={600} size="sm" id="column-picker-title">
        Columnas de la tabla
      </Text>
      <ul ref={list} aria-labelledby="column-picker-title" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}>
        {order.map((id, index) => {
          const visible = shown.includes(id);
          const label = labels[id] ?? id;
          // Moving is for the shown columns: a hidden one has no place in the table.
          const lastShown = index === shown.length - 1;
          return (
            <li key={id}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Checkbox
                  label={label}
                  checked={visible}
                  disabled={visible && shown.length === 1}
                  onChange={(event) => toggle(id, event.currentTarget.checked)}
                />
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Subir ${label}`}
                    data-column={id}
                    data-move="up"
                    disabled={!visible || index === 0}
                    onClick={() => move(id, 'up')}
                  >
                    <IconChevronUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Bajar ${label}`}
                    data-column={id}
                    data-move="down"
                    disabled={!visible || lastShown}
                    onClick={() => move(id, 'down')}
                  >
                    <IconChevronDown size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            </li>
          );
        })}
      </ul>
      <Group justify="flex-end">
        <Button variant="subtle" size="xs" onClick={reset}>
          Restablecer
        </Button>
      </Group>
    </Stack>
  );
}
