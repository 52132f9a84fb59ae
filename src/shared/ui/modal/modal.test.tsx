import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../tests/utils/render';
import { Drawer, Modal, focusUnderTopDialog, keepFocusOnThePage } from './modal';

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

describe('focus held by something that leaves the page', () => {
  /** An empty list's button that goes once the first record arrives, on a page with its h1. */
  function EmptyList({ inDialog = false }: { inDialog?: boolean }) {
    const [records, setRecords] = useState(0);
    const list =
      records === 0 ? (
        <button type="button" onClick={() => setTimeout(() => setRecords(1), 0)}>
          Crear el primero
        </button>
      ) : (
        <p>1 registro</p>
      );
    return (
      <main>
        <h1>Categorías</h1>
        {inDialog ? (
          <Modal opened onClose={() => undefined} title="Configuración">
            {list}
          </Modal>
        ) : (
          list
        )}
      </main>
    );
  }

  it.each([
    ['the page’s h1', false, () => screen.getByRole('heading', { level: 1, name: 'Categorías' })],
    ['a control of the dialog it was in', true, () => screen.getByRole('dialog', { name: 'Configuración' })],
  ])('goes to %s, not to the body', async (_where, inDialog, expected) => {
    const user = userEvent.setup();
    renderWithProviders(<EmptyList inDialog={inDialog} />);
    const stop = keepFocusOnThePage();
    try {
      await user.click(await screen.findByRole('button', { name: 'Crear el primero' }));
      await screen.findByText('1 registro');
      await waitFor(() => expect(document.activeElement).not.toBe(document.body));
      expect(expected().contains(document.activeElement)).toBe(true);
    } finally {
      stop();
    }
  });

  it('leaves focus the person sent to the body where it is, when the page changes around it', async () => {
    const user = userEvent.setup();
    function Growing() {
      const [lines, setLines] = useState(0);
      return (
        <main>
          <h1>Categorías</h1>
          <button type="button" onClick={() => setTimeout(() => setLines(1), 50)}>
            Cargar más
          </button>
          {lines > 0 ? <p>Una línea más</p> : null}
        </main>
      );
    }
    renderWithProviders(<Growing />);
    const stop = keepFocusOnThePage();
    try {
      await user.click(await screen.findByRole('button', { name: 'Cargar más' }));
      (document.activeElement as HTMLElement).blur();
      await screen.findByText('Una línea más');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(document.activeElement).toBe(document.body);
    } finally {
      stop();
    }
  });
});
