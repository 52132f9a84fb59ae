import { Group, Kbd, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Modal } from '@/shared/ui/modal';
import type { GoToShortcut } from '../model/shortcuts';

/** Every shortcut but the `g` ones (useKeyboardShortcuts), as the dialog lists them. */
const PAGE_SHORTCUTS: { keys: string[]; description: string }[] = [
  { keys: ['Ctrl', 'K'], description: 'Buscar en todo el panel (⌘ K en Mac)' },
  { keys: ['/'], description: 'Ir al buscador de la página' },
  { keys: ['n'], description: 'Abrir el formulario «Nuevo …» de la página' },
  { keys: ['?'], description: 'Mostrar estos atajos' },
];

export interface ShortcutsHelpDialogProps {
  opened: boolean;
  onClose: () => void;
  goTo: GoToShortcut[];
}

function Keys({ keys, joiner }: { keys: string[]; joiner: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      {keys.map((key, index) => (
        <Group key={key} gap={4} wrap="nowrap">
          {index > 0 ? (
            <Text span size="xs" c="dimmed">
              {joiner}
            </Text>
          ) : null}
          <Kbd>{key}</Kbd>
        </Group>
      ))}
    </Group>
  );
}

/** The `?` dialog: every keyboard shortcut, in Spanish, with the screens this person may go to. */
export function ShortcutsHelpDialog({ opened, onClose, goTo }: ShortcutsHelpDialogProps) {
  // Mounted closed and opened a render later, so Mantine sees the opening (and what had focus).
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(opened), [opened]);
  const rows = [
    ...PAGE_SHORTCUTS.map(({ keys, description }) => ({ keys, joiner: '+', description })),
    ...goTo.map(({ key, label }) => ({ keys: ['g', key], joiner: 'luego', description: `Ir a ${label}` })),
  ];
  return (
    <Modal opened={shown} onClose={onClose} title="Atajos de teclado" size="lg" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Teclas</Table.Th>
            <Table.Th scope="col">Acción</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ keys, joiner, description }) => (
            <Table.Tr key={description}>
              <Table.Td>
                <Keys keys={keys} joiner={joiner} />
              </Table.Td>
              <Table.Td>{description}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed" mt="md">
        Los atajos no actúan mientras escribes en un campo ni con un diálogo abierto.
      </Text>
    </Modal>
  );
}
