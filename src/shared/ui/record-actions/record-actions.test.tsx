import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../tests/utils/render';
import { RecordActions } from './record-actions';

describe('RecordActions', () => {
  it('puts the card’s own actions first, then Editar, Historial and Eliminar, the three on one row', async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const { user } = renderWithProviders(
      <RecordActions name="Plan Oro" onEdit={onEdit} onDelete={onDelete} history={<button type="button">Historial de Plan Oro</button>}>
        <button type="button">Ver Plan Oro</button>
      </RecordActions>,
    );
    const names = screen.getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(names).toEqual(['Ver Plan Oro', 'Editar Plan Oro', 'Historial de Plan Oro', 'Eliminar Plan Oro']);
    const row = screen.getByRole('button', { name: 'Editar Plan Oro' }).parentElement!;
    expect(row).toContainElement(screen.getByRole('button', { name: 'Eliminar Plan Oro' }));
    expect(row).not.toContainElement(screen.getByRole('button', { name: 'Ver Plan Oro' }));

    await user.click(screen.getByRole('button', { name: 'Editar Plan Oro' }));
    await user.click(screen.getByRole('button', { name: 'Eliminar Plan Oro' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('leaves out what the person may not do', () => {
    renderWithProviders(<RecordActions onEdit={() => undefined} />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Editar']);
  });
});
