import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../tests/utils/render';
import { Drawer, Modal, focusUnderTopDialog } from './modal';

/** A configuration dialog with a form and a history drawer that open over it, as the DSP screen has. */
function Stacked() {
  const [outer, setOuter] = useState(true);
  const [inner, setInner] = useState(false);
  const [drawer, setDrawer] = useState(false);
  return (
    <Modal opened={outer} onClose={() => setOuter(false)} title="Configuración">
      <button type="button" onClick={() => setInner(true)}>
        Nuevo
      </button>
      <button type="button" onClick={() => setDrawer(true)}>
        Historial
      </button>
      <Modal opened={inner} onClose={() => setInner(false)} title="Formulario">
        <input aria-label="Nombre" />
      </Modal>
      <Drawer opened={drawer} onClose={() => setDrawer(false)} title="Cambios">
        <p>Sin cambios</p>
      </Drawer>
    </Modal>
  );
}

const dialog = (name: string) => screen.queryByRole('dialog', { name });

describe('stacked dialogs', () => {
  it('close one at a time on Escape, the topmost first', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Stacked />);
    await user.click(await screen.findByRole('button', { name: 'Nuevo' }));
    await user.type(await screen.findByRole('textbox', { name: 'Nombre' }), 'Conector');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog('Formulario')).not.toBeInTheDocument());
    expect(dialog('Configuración')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Historial' }));
    await screen.findByText('Sin cambios');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog('Cambios')).not.toBeInTheDocument());
    expect(dialog('Configuración')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog('Configuración')).not.toBeInTheDocument());
  });

  it('sends focus, once the top dialog closes on a deleted record, to the dialog under it', async () => {
    const user = userEvent.setup();
    function Deleting() {
      const [confirming, setConfirming] = useState(false);
      return (
        <Modal opened onClose={() => undefined} title="Configuración">
          <button type="button" onClick={() => setConfirming(true)}>
            Eliminar
          </button>
          <Modal opened={confirming} onClose={() => setConfirming(false)} title="Eliminar conector">
            <button
              type="button"
              onClick={() => {
                focusUnderTopDialog();
                setConfirming(false);
              }}
            >
              Confirmar
            </button>
          </Modal>
        </Modal>
      );
    }
    renderWithProviders(<Deleting />);
    await user.click(await screen.findByRole('button', { name: 'Eliminar' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(dialog('Configuración')).toHaveFocus());
  });
});
