import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, formFieldErrors } from '@/shared/api';
import { useSaveMutation, type SaveMutationOptions } from './use-save-mutation';

interface Item {
  id: number;
  name: string;
}

const renderSave = <TVariables,>(options: SaveMutationOptions<Item, TVariables>) => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, ...renderHook(() => useSaveMutation(options), { wrapper }) };
};

afterEach(() => vi.restoreAllMocks());

describe('useSaveMutation', () => {
  it('puts the answer in its detail, notifies, hands it on, and stays busy until the lists are read again', async () => {
    const show = vi.spyOn(notifications, 'show');
    const onSaved = vi.fn();
    let finishRefetch = () => {};
    const refetched = new Promise<void>((resolve) => (finishRefetch = resolve));
    const { result, queryClient } = renderSave({
      mutationFn: async (name: string) => ({ id: 7, name }),
      detailKey: (saved) => ['items', 'detail', saved.id],
      invalidate: (saved) => [['items', 'list'], ['others', saved.id]],
      successMessage: (saved) => `${saved.name} guardado.`,
      onSaved,
    });
    // A list on screen, so invalidating it refetches it; the refetch answers when the test says.
    const listFn = vi.fn<() => Promise<Item[]>>().mockResolvedValueOnce([]).mockImplementation(() => refetched.then(() => []));
    const unsubscribe = new QueryObserver(queryClient, { queryKey: ['items', 'list'], queryFn: listFn }).subscribe(() => {});
    await waitFor(() => expect(queryClient.getQueryData(['items', 'list'])).toEqual([]));
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    act(() => result.current.mutate('Uno'));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 7, name: 'Uno' }, 'Uno'));
    expect(queryClient.getQueryData(['items', 'detail', 7])).toEqual({ id: 7, name: 'Uno' });
    expect(show).toHaveBeenCalledWith({ color: 'green', message: 'Uno guardado.' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['items', 'list'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['others', 7] });
    expect(result.current.isPending).toBe(true);

    finishRefetch();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(listFn).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('maps the refusal onto the form, through its own renaming when it has one', async () => {
    const show = vi.spyOn(notifications, 'show');
    const onFieldErrors = vi.fn();
    const onSaved = vi.fn();
    const { result } = renderSave({
      mutationFn: async (): Promise<Item> => {
        throw new ApiError('Los datos no son válidos.', 422, { is_active: ['No puedes desactivarte.'], 'roles.0': ['Rol inválido.'] });
      },
      invalidate: [['items', 'list']],
      successMessage: 'Guardado.',
      onSaved,
      onFieldErrors,
      fieldErrors: (error) => formFieldErrors(error, { rename: { is_active: 'status' } }),
    });

    act(() => result.current.mutate());

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(onFieldErrors).toHaveBeenCalledWith({ status: 'No puedes desactivarte.', roles: 'Rol inválido.' });
    expect(onSaved).not.toHaveBeenCalled();
    expect(show).not.toHaveBeenCalled();
  });

  it('maps field errors with formFieldErrors by default', async () => {
    const onFieldErrors = vi.fn();
    const { result } = renderSave({
      mutationFn: async (): Promise<Item> => {
        throw new ApiError('El archivo es demasiado grande.', 413, { logo: ['El logo no puede superar 10 MB.'] });
      },
      invalidate: [],
      successMessage: 'Guardado.',
      onFieldErrors,
    });

    act(() => result.current.mutate());

    await waitFor(() => expect(onFieldErrors).toHaveBeenCalledWith({ logo: 'El logo no puede superar 10 MB.' }));
  });

  it('with no form, tells the refusal in a red notification', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { result } = renderSave({
      mutationFn: async (): Promise<Item> => {
        throw new ApiError('No tienes permiso.', 403);
      },
      invalidate: [['items', 'list']],
      successMessage: 'Guardado.',
      errorFallback: 'No se pudo guardar.',
    });

    act(() => result.current.mutate());

    await waitFor(() => expect(show).toHaveBeenCalledWith({ color: 'red', title: 'Error', message: 'No tienes permiso.' }));
  });
});
