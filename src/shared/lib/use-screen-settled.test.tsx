import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useScreenSettled, useWhenScreenSettled } from './use-screen-settled';

function Waiter({ name }: { name: string }) {
  return <p>{`${name}: ${useScreenSettled() ? 'listo' : 'esperando'}`}</p>;
}

/** A screen whose rows arrive when the test says so, with twenty waiters (a history button per row). */
function ListScreen({ rows }: { rows: Promise<string> }) {
  const list = useQuery({ queryKey: ['rows'], queryFn: () => rows });
  const [late, setLate] = useState(false);
  return (
    <>
      <p>{list.data ?? 'Cargando filas...'}</p>
      {Array.from({ length: 20 }, (_, index) => (
        <Waiter key={index} name={`fila ${index + 1}`} />
      ))}
      <button type="button" onClick={() => setLate(true)}>
        Más
      </button>
      {late && <Waiter name="tardía" />}
    </>
  );
}

function deferred() {
  let resolve!: (value: string) => void;
  const promise = new Promise<string>((settle) => (resolve = settle));
  return { promise, resolve };
}

const withClient = (queryClient: QueryClient) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  };

describe('useScreenSettled', () => {
  it('keeps every waiter waiting while the screen’s request is in flight, through one watch of the cache, and lets them all go once it answers', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const subscribe = vi.spyOn(queryClient.getQueryCache(), 'subscribe');
    const rows = deferred();
    render(<ListScreen rows={rows.promise} />, { wrapper: withClient(queryClient) });

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('fila 1: esperando')).toBeInTheDocument();
    expect(screen.getByText('fila 20: esperando')).toBeInTheDocument();
    expect(subscribe).toHaveBeenCalledTimes(1);

    await act(async () => rows.resolve('Tres filas'));
    await waitFor(() => expect(screen.getAllByText(/: listo$/)).toHaveLength(20));
    expect(screen.getByText('Tres filas')).toBeInTheDocument();
    // Nobody waits any more, so nothing watches the cache.
    expect(queryClient.getQueryCache().hasListeners()).toBe(false);
  });

  it('lets one that arrives after the screen settled go at the next idle moment', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(<ListScreen rows={Promise.resolve('Tres filas')} />, { wrapper: withClient(queryClient) });
    await waitFor(() => expect(screen.getAllByText(/: listo$/)).toHaveLength(20));

    act(() => screen.getByRole('button', { name: 'Más' }).click());
    expect(screen.getByText('tardía: esperando')).toBeInTheDocument();
    expect(await screen.findByText('tardía: listo')).toBeInTheDocument();
  });

  it('runs work that shows nothing once the screen has settled, without drawing its component again', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const rows = deferred();
    const work = vi.fn();
    let renders = 0;
    function Prefetcher() {
      renders += 1;
      useWhenScreenSettled(work);
      return null;
    }
    render(
      <>
        <ListScreen rows={rows.promise} />
        <Prefetcher />
      </>,
      { wrapper: withClient(queryClient) },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(work).not.toHaveBeenCalled();

    await act(async () => rows.resolve('Tres filas'));
    await waitFor(() => expect(work).toHaveBeenCalledTimes(1));
    expect(renders).toBe(1);
  });
});
