import { Button } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../tests/utils/render';
import { Modal } from '../modal';
import { lazyModal } from './lazy-modal';

interface NoteProps {
  opened: boolean;
  onClose: () => void;
}

let loads = 0;
const LazyNote = lazyModal<NoteProps>(async () => {
  loads += 1;
  return function Note({ opened, onClose }: NoteProps) {
    return (
      <Modal opened={opened} onClose={onClose} title="Nota">
        Contenido de la nota
      </Modal>
    );
  };
});

function Screen() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Abrir nota</Button>
      <LazyNote opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

describe('lazyModal', () => {
  it('loads the dialog after the screen, once, and gives the focus back to its button every time it closes', async () => {
    const { user } = renderWithProviders(<Screen />);
    const button = screen.getByRole('button', { name: 'Abrir nota' });

    for (const round of [1, 2]) {
      await user.click(button);
      expect(await screen.findByRole('dialog', { name: 'Nota' })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(button, `round ${round}`).toHaveFocus());
    }
    expect(loads).toBe(1);
  });
});
