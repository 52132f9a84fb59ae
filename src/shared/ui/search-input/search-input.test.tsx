import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../tests/utils/render';
import { SearchInput } from './search-input';

const box = () => screen.getByRole('searchbox', { name: 'Buscar sponsors' });

const setup = (value?: string) => {
  const onSearch = vi.fn();
  const view = renderWithProviders(
    <SearchInput label="Buscar sponsors" placeholder="Buscar sponsors..." value={value} onSearch={onSearch} />,
  );
  return { onSearch, ...view };
};

describe('SearchInput', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('searches once, 400 ms after typing stops, not on every key', () => {
    // fireEvent rather than user-event: Testing Library's async wrapper waits on a timer that
    // vitest's fake clock would hold forever.
    vi.useFakeTimers();
    const { onSearch } = setup();
    for (const text of ['a', 'ac', 'acm', 'acme']) {
      fireEvent.change(box(), { target: { value: text } });
      act(() => vi.advanceTimersByTime(150));
    }
    expect(box()).toHaveValue('acme');
    expect(onSearch).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(399 - 150));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('acme');

    act(() => vi.advanceTimersByTime(2000));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('keeps what was typed meanwhile when its own search comes back late', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    const ui = (value?: string) => <SearchInput label="Buscar sponsors" value={value} onSearch={onSearch} />;
    const { rerender } = renderWithProviders(ui());
    fireEvent.change(box(), { target: { value: 'ana' } });
    act(() => vi.advanceTimersByTime(400));
    expect(onSearch).toHaveBeenLastCalledWith('ana');

    fireEvent.change(box(), { target: { value: 'ana l' } });
    rerender(ui('ana'));
    expect(box()).toHaveValue('ana l');
    act(() => vi.advanceTimersByTime(400));
    expect(onSearch).toHaveBeenLastCalledWith('ana l');
    expect(onSearch).toHaveBeenCalledTimes(2);
  });

  it('drops a waiting search when the value changes from outside', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    const ui = (value?: string) => <SearchInput label="Buscar sponsors" value={value} onSearch={onSearch} />;
    const { rerender } = renderWithProviders(ui('acme'));
    fireEvent.change(box(), { target: { value: 'acme co' } });
    rerender(ui(undefined));
    expect(box()).toHaveValue('');
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('waits with real time too, then reports the trimmed text', async () => {
    const { user, onSearch } = setup();
    await user.type(box(), ' acme ');
    expect(onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(onSearch).toHaveBeenCalledExactlyOnceWith('acme'));
    expect(box()).toHaveValue(' acme ');
  });

  it('searches at once on Enter', async () => {
    const { user, onSearch } = setup();
    await user.type(box(), 'acme{Enter}');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('acme');
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('follows a value changed from outside, such as the Back button', async () => {
    const onSearch = vi.fn();
    const { rerender } = renderWithProviders(<SearchInput label="Buscar sponsors" value="acme" onSearch={onSearch} />);
    expect(box()).toHaveValue('acme');
    rerender(<SearchInput label="Buscar sponsors" value={undefined} onSearch={onSearch} />);
    expect(box()).toHaveValue('');
    rerender(<SearchInput label="Buscar sponsors" value="beta" onSearch={onSearch} />);
    expect(box()).toHaveValue('beta');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('clears the search at once with the clear button', async () => {
    const { user, onSearch } = setup('acme');
    await user.click(screen.getByRole('button', { name: 'Limpiar búsqueda' }));
    expect(box()).toHaveValue('');
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('');
  });
});
