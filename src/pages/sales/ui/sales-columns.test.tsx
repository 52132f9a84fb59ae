import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/shared/auth';
import { signedInUser } from '../../../../tests/msw/handlers/auth';
import { preferencesDb } from '../../../../tests/msw/handlers/preferences';
import { salesDb } from '../../../../tests/msw/handlers/sales';
import { server } from '../../../../tests/msw/server';
import { currentLocation, renderRoute, startSession } from '../../../../tests/utils/render';

afterEach(() => {
  server.events.removeAllListeners();
});

const operator: SessionUser = { ...signedInUser, permissions: [] };

const openSales = async (path = '/ventas') => {
  salesDb.add({ customer: { id: 1, name: 'Laura Ríos', email: 'laura@correo.test' }, amount: '150000.00', payment_method: 'tarjeta', status: 'pagado' });
  startSession(operator);
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Ventas' });
  await screen.findByRole('table');
  return view;
};

const headers = () => within(screen.getByRole('table')).getAllByRole('columnheader').map((header) => header.textContent);
const columnsInUrl = () => new URLSearchParams(window.location.search).get('columns');
const ALL = ['Cliente', 'DSP', 'Plan', 'Fecha', 'Monto', 'Método de pago', 'Estado'];

/** Opens 'Columnas' and waits for its list, which loads on first use. */
const openPicker = async (user: Awaited<ReturnType<typeof openSales>>['user']) => {
  await user.click(screen.getByRole('button', { name: /^Columnas/ }));
  return screen.findByRole('list', { name: 'Columnas de la tabla' });
};

describe("the sales table's columns", () => {
  it('hides a column: the table, the URL and the kept choice all lose it', async () => {
    const { user } = await openSales();
    expect(headers()).toEqual(ALL);
    await openPicker(user);
    await user.click(screen.getByRole('checkbox', { name: 'DSP' }));

    expect(headers()).toEqual(['Cliente', 'Plan', 'Fecha', 'Monto', 'Método de pago', 'Estado']);
    expect(columnsInUrl()).toBe('customer,plan,created_at,amount,method,status');
    expect(screen.getByRole('button', { name: 'Columnas (1 oculta)' })).toBeInTheDocument();
    await waitFor(() => expect(preferencesDb.current.columns.sales).toEqual(['customer', 'plan', 'created_at', 'amount', 'method', 'status']));
  });

  it('moves a column with the keyboard alone, the focus staying on the button pressed', async () => {
    const { user } = await openSales();
    await openPicker(user);
    const down = screen.getByRole('button', { name: 'Bajar Cliente' });
    down.focus();
    await user.keyboard('{Enter}');
    expect(headers()).toEqual(['DSP', 'Cliente', 'Plan', 'Fecha', 'Monto', 'Método de pago', 'Estado']);
    expect(screen.getByRole('button', { name: 'Bajar Cliente' })).toHaveFocus();
    await user.keyboard(' ');
    expect(headers()).toEqual(['DSP', 'Plan', 'Cliente', 'Fecha', 'Monto', 'Método de pago', 'Estado']);
    // The first column cannot go up.
    expect(screen.getByRole('button', { name: 'Subir DSP' })).toBeDisabled();
    expect(columnsInUrl()).toBe('dsp,plan,customer,created_at,amount,method,status');
  });

  it('keeps at least one column: the last one shown cannot be hidden', async () => {
    const { user } = await openSales('/ventas?columns=amount');
    expect(headers()).toEqual(['Monto']);
    await openPicker(user);
    expect(screen.getByRole('checkbox', { name: 'Monto' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Cliente' })).not.toBeChecked();
  });

  it("'Restablecer' puts back the table's own columns and forgets the kept choice", async () => {
    preferencesDb.current = { color_scheme: 'auto', columns: { sales: ['amount', 'customer'] } };
    const { user } = await openSales('/ventas?columns=status');
    expect(headers()).toEqual(['Estado']);
    await openPicker(user);
    await user.click(screen.getByRole('button', { name: 'Restablecer' }));
    await waitFor(() => expect(headers()).toEqual(ALL));
    expect(columnsInUrl()).toBeNull();
    await waitFor(() => expect(preferencesDb.current.columns.sales).toBeUndefined());
  });

  it("shows the person's kept columns when the URL names none, and the URL's over them (unknown ids left out)", async () => {
    preferencesDb.current = { color_scheme: 'auto', columns: { sales: ['amount', 'customer'] } };
    await openSales();
    await waitFor(() => expect(headers()).toEqual(['Monto', 'Cliente']));
    expect(currentLocation()).toBe('/ventas');
  });

  it("lets a link's columns win over the kept ones, dropping ids the table does not have", async () => {
    preferencesDb.current = { color_scheme: 'auto', columns: { sales: ['amount', 'customer'] } };
    await openSales('/ventas?columns=status,secret,plan');
    await waitFor(() => expect(headers()).toEqual(['Estado', 'Plan']));
    expect(preferencesDb.saves).toEqual([]);
  });
});
