import { Notifications, notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, fail, ok } from '../../../../tests/msw/envelope';
import { server } from '../../../../tests/msw/server';
import { renderWithProviders } from '../../../../tests/utils/render';
import { showUndoDelete, UNDO_SECONDS } from './undo-delete';

const restoreCalls = () => {
  const calls: string[] = [];
  server.use(
    http.post(apiUrl('v1/audit/:id/restore'), ({ params }) => {
      calls.push(String(params.id));
      return ok({ id: 5, name: 'Acme' }, 'Registro restaurado.', 201);
    }),
  );
  return calls;
};

afterEach(() => {
  notifications.clean();
  vi.useRealTimers();
});

describe('the undo notice after a delete', () => {
  it('restores the record from the delete’s history entry with Deshacer, then refreshes and says so', async () => {
    const calls = restoreCalls();
    const onRestored = vi.fn(async () => undefined);
    const { user } = renderWithProviders(<Notifications />, { withoutTransitions: true });
    act(() => showUndoDelete({ message: 'Sponsor eliminado correctamente.', entryId: 41, onRestored }));

    expect(await screen.findByText('Sponsor eliminado correctamente.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deshacer' }));

    expect(await screen.findByText('Registro restaurado.')).toBeInTheDocument();
    expect(calls).toEqual(['41']);
    expect(onRestored).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Deshacer' })).not.toBeInTheDocument());
  });

  it('says why when the record cannot come back, and refreshes nothing', async () => {
    server.use(http.post(apiUrl('v1/audit/:id/restore'), () => fail(409, 'Ya existe un sponsor con ese nombre.')));
    const onRestored = vi.fn(async () => undefined);
    const { user } = renderWithProviders(<Notifications />, { withoutTransitions: true });
    act(() => showUndoDelete({ message: 'Sponsor eliminado correctamente.', entryId: 42, onRestored }));

    await user.click(await screen.findByRole('button', { name: 'Deshacer' }));
    expect(await screen.findByText('Ya existe un sponsor con ese nombre.')).toBeInTheDocument();
    expect(onRestored).not.toHaveBeenCalled();
  });

  it('goes away by itself after 10 seconds, not before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = restoreCalls();
    renderWithProviders(<Notifications />, { withoutTransitions: true });
    act(() => showUndoDelete({ message: 'Plan eliminado correctamente.', entryId: 43, onRestored: async () => undefined }));
    expect(await screen.findByRole('button', { name: 'Deshacer' })).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime((UNDO_SECONDS - 1) * 1000));
    expect(screen.getByRole('button', { name: 'Deshacer' })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1500));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Deshacer' })).not.toBeInTheDocument());
    expect(calls).toEqual([]);
  });
});
