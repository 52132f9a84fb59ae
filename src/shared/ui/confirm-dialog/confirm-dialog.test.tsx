import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../tests/utils/render';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

type HarnessProps = Partial<ConfirmDialogProps>;

/** Opens the dialog from a button, as a page does. */
function Harness(props: HarnessProps) {
  const [opened, setOpened] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpened(true)}>
        Abrir
      </button>
      <ConfirmDialog
        opened={opened}
        onClose={() => setOpened(false)}
        onConfirm={() => undefined}
        message="¿Eliminar este sponsor? Esta acción no se puede deshacer."
        {...props}
      />
    </>
  );
}

const confirmButton = (name: string | RegExp = 'Confirmar') => screen.getByRole('button', { name });

describe('ConfirmDialog', () => {
  it('shows the default title, the message and both buttons', async () => {
    renderWithProviders(<Harness />);
    expect(await screen.findByRole('dialog', { name: 'Confirmar eliminación' })).toBeInTheDocument();
    expect(screen.getByText('¿Eliminar este sponsor? Esta acción no se puede deshacer.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeEnabled();
    expect(confirmButton()).toBeEnabled();
  });

  it('enables Confirm only when the keyword is typed exactly', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithProviders(<Harness keyword="confirmar" onConfirm={onConfirm} />);
    const input = await screen.findByLabelText('Escribe confirmar para confirmar');

    expect(screen.getByText('Debe coincidir exactamente con confirmar.')).toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();
    // Off, Confirm says why.
    expect(confirmButton()).toHaveAccessibleDescription('Debe coincidir exactamente con confirmar.');

    await user.type(input, 'Confirmar');
    expect(confirmButton()).toBeDisabled();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Debe coincidir exactamente con confirmar.');
    expect(confirmButton()).toHaveAccessibleDescription('Debe coincidir exactamente con confirmar.');

    await user.clear(input);
    await user.type(input, 'confirmar ');
    expect(confirmButton()).toBeDisabled();

    await user.type(input, '{Backspace}');
    expect(confirmButton()).toBeEnabled();
    expect(confirmButton()).not.toHaveAccessibleDescription();
    await user.click(confirmButton());
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('forgets the typed keyword when opened again', async () => {
    const { user } = renderWithProviders(<Harness keyword="Ana" />);
    await user.type(await screen.findByLabelText('Escribe Ana para confirmar'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByLabelText('Escribe Ana para confirmar')).toHaveValue('');
    expect(confirmButton()).toBeDisabled();
  });

  it('says Procesando... and locks both buttons while busy', async () => {
    renderWithProviders(<Harness busy confirmLabel="Eliminar" />);
    expect(await screen.findByRole('button', { name: 'Procesando...' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
  });

  it('stays busy while the promise onConfirm returned is pending', async () => {
    let finish: () => void = () => {};
    const onConfirm = () => new Promise<void>((resolve) => (finish = resolve));
    const { user } = renderWithProviders(<Harness onConfirm={onConfirm} />);
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(screen.getByRole('button', { name: 'Procesando...' })).toBeDisabled();
    finish();
    expect(await screen.findByRole('button', { name: 'Confirmar' })).toBeEnabled();
  });

  it('shows a failure inside the dialog', async () => {
    renderWithProviders(<Harness error="No se pudo eliminar el sponsor" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo eliminar el sponsor');
  });

  it('shows why a rejected onConfirm failed', async () => {
    const onConfirm = () => Promise.reject(new Error('El sponsor tiene campañas.'));
    const { user } = renderWithProviders(<Harness onConfirm={onConfirm} />);
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El sponsor tiene campañas.');
  });

  it('closes on Escape', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(<ConfirmDialog opened onClose={onClose} onConfirm={() => undefined} />);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps Confirm off while asking whether the action is allowed', async () => {
    renderWithProviders(<Harness keyword="confirmar" checking />);
    expect(await screen.findByRole('status')).toHaveTextContent('Comprobando si se puede eliminar…');
    expect(confirmButton()).toBeDisabled();
  });

  it('says why the action cannot be done, drops the keyword field and focuses Cancelar', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithProviders(
      <Harness keyword="confirmar" blockedReason="No se puede eliminar: tiene 3 campañas" onConfirm={onConfirm} confirmLabel="Eliminar" />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('No se puede eliminar: tiene 3 campañas')).toBeInTheDocument();
    expect(screen.queryByLabelText('Escribe confirmar para confirmar')).not.toBeInTheDocument();
    const confirm = confirmButton('Eliminar');
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription('No se puede eliminar: tiene 3 campañas');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
