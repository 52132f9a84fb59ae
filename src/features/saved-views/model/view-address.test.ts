import { describe, expect, it } from 'vitest';
import { savedViewQuery as viewQuery } from '@contract/saved-view-query';
import { hrefWithoutView, isBare, onlyView, viewHref, viewIdOf } from './view-address';

describe('view addresses', () => {
  it('saves the filters, not the page, the view or what opens a record over the list', () => {
    expect(viewQuery('bookings', '?dsp=4&q=ana&page=3&booking=17&view=2')).toBe('dsp=4&q=ana');
    expect(viewQuery('dsps', '?q=andes&config=7&tab=usuarios')).toBe('q=andes');
    expect(viewQuery('users', '?tab=roles&q=ana')).toBe('q=ana');
    expect(viewQuery('sponsors', '?q=acme&sort=-name')).toBe('q=acme&sort=-name');
  });

  it('opens a view on the list it is applied to, with its id last', () => {
    expect(viewHref('/agendamientos', { id: 5, query: 'dsp=4&q=ana' })).toBe('/agendamientos?dsp=4&q=ana&view=5');
    expect(viewHref('/customers/3', { id: 6, query: '' })).toBe('/customers/3?view=6');
    expect(hrefWithoutView('/ventas', '?view=9&status=pagado')).toBe('/ventas?status=pagado');
    expect(hrefWithoutView('/ventas', '?view=9')).toBe('/ventas');
  });

  it('reads the view the address names, and whether it names anything else', () => {
    expect(viewIdOf('?view=12&q=a')).toBe(12);
    expect(viewIdOf('?view=abc')).toBeUndefined();
    expect(viewIdOf('?view=-1')).toBeUndefined();
    expect(isBare('')).toBe(true);
    expect(isBare('?q=a')).toBe(false);
    expect(onlyView('?view=3')).toBe(true);
    expect(onlyView('?view=3&q=a')).toBe(false);
  });
});
