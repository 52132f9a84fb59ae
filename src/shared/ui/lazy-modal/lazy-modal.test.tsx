import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
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

/** A lazy dialog of its own (React keeps what a lazy component loaded) and how often its code was fetched. */
function noteDialog(options?: { prefetch?: boolean }) {
  const dialog = { loads: 0, LazyNote: lazyModal<NoteProps>(async () => {
    dialog.loads += 1;
    return function Note({ opened, onClose }: NoteProps) {
      return (
        <Modal opened={opened} onClose={onClose} title="Nota">
          Contenido de la nota
        </Modal>
      );
    };
  }, options) };
  return dialog;
}
let { LazyNote } = noteDialog();

function Screen() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Abrir nota</Button>
      <LazyNote opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

/** A screen whose data arrives when the test says so. */
function ScreenWithData({ data }: { data: Promise<string> }) {
  const rows = useQuery({ queryKey: ['rows'], queryFn: () => data });
  return (
    <>
      <p>{rows.data ?? 'Cargando filas...'}</p>
      <Screen />
    </>
  );
}

/** A promise and the function that settles it. */
function deferred() {
  let resolve!: (value: string) => void;
  const promise = new Promise<string>((settle) => (resolve = settle));
  return { promise, resolve };
}

describe('lazyModal', () => {
  it('loads the dialog after the screen, once, and gives the focus back to its button every time it closes', async () => {
    const dialog = noteDialog();
    LazyNote = dialog.LazyNote;
    const { user } = renderWithProviders(<Screen />);
    const button = screen.getByRole('button', { name: 'Abrir nota' });

    for (const round of [1, 2]) {
      await user.click(button);
      expect(await screen.findByRole('dialog', { name: 'Nota' })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(button, `round ${round}`).toHaveFocus());
    }
    expect(dialog.loads).toBe(1);
  });

  it('fetches the dialog’s code only once the screen’s data has arrived', async () => {
    const dialog = noteDialog();
    LazyNote = dialog.LazyNote;
    const rows = deferred();
    renderWithProviders(<ScreenWithData data={rows.promise} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialog.loads).toBe(0);
    rows.resolve('Fila 1');
    expect(await screen.findByText('Fila 1')).toBeInTheDocument();
    await waitFor(() => expect(dialog.loads).toBe(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('fetches it at once when it is opened before the screen’s data arrives', async () => {
    const dialog = noteDialog();
    LazyNote = dialog.LazyNote;
    const { user } = renderWithProviders(<ScreenWithData data={deferred().promise} />);
    await user.click(screen.getByRole('button', { name: 'Abrir nota' }));
    expect(await screen.findByRole('dialog', { name: 'Nota' })).toBeInTheDocument();
    expect(dialog.loads).toBe(1);
    expect(screen.getByText('Cargando filas...')).toBeInTheDocument();
  });

  it('with prefetch false, fetches nothing ahead: only when first opened, with the focus given back on close', async () => {
    const dialog = noteDialog({ prefetch: false });
    LazyNote = dialog.LazyNote;
    const { user } = renderWithProviders(<ScreenWithData data={Promise.resolve('Fila 1')} />);
    expect(await screen.findByText('Fila 1')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(dialog.loads).toBe(0);
    const button = screen.getByRole('button', { name: 'Abrir nota' });
    await user.click(button);
    expect(await screen.findByRole('dialog', { name: 'Nota' })).toBeInTheDocument();
    expect(dialog.loads).toBe(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });
});
