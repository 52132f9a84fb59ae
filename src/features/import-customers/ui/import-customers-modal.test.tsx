import { PERMISSION_NAMES } from '@contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@/shared/auth';
import { signedInUser } from '../../../../tests/msw/handlers/auth';
import { importDb } from '../../../../tests/msw/handlers/customer-import';
import { customersDb } from '../../../../tests/msw/handlers/customers';
import { renderRoute, startSession } from '../../../../tests/utils/render';
import { rejectedRowsCsv } from '../model/csv-file';

const superAdmin: SessionUser = { ...signedInUser, permissions: [...PERMISSION_NAMES] };
const PLANS = [
  { id: 31, name: 'Plan Hogar' },
  { id: 32, name: 'Plan Auto' },
];
/** Mantine's FileInput keeps its native input hidden beside the button the label names. */
const fileInput = (dialog: HTMLElement) => dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
/** A CSV file, told to the mock server as the one chosen (see importDb.chosen). */
const csv = (text: string, name = 'clientes.csv') => {
  importDb.chosen = text;
  return new File([text], name, { type: 'text/csv' });
};
const BAD = 'Documento;Nombre;Correo;Plan\n5001;Laura Ríos;laura@correo.test;Plan Hogar\n5002;Iván Núñez;no-es-email;Plan Auto\n';
const FIXED = BAD.replace('no-es-email', 'ivan@correo.test');

async function openWizard() {
  customersDb.addDsp(7, 'Andes Ventas', PLANS);
  startSession(superAdmin);
  const view = renderRoute('/customers/7');
  await screen.findByRole('heading', { level: 1, name: 'Clientes' });
  await view.user.click(screen.getByRole('button', { name: 'Importar clientes' }));
  const dialog = await screen.findByRole('dialog', { name: /Importar clientes/ });
  return { ...view, dialog };
}

describe('Importar clientes: the wizard', () => {
  it('shows the first rows, guesses the columns, lists each row error, then imports the corrected file', async () => {
    const { user, dialog } = await openWizard();
    await user.upload(fileInput(dialog), csv(BAD));
    // The first rows, as the file has them.
    expect(await within(dialog).findByRole('cell', { name: 'no-es-email' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Siguiente' }));
    // Headers guessed by name, accents and case aside.
    expect(within(dialog).getByRole('combobox', { name: 'Columna Documento' })).toHaveValue('DNI');
    expect(within(dialog).getByRole('combobox', { name: 'Columna Correo' })).toHaveValue('Email');
    expect(within(dialog).getByRole('combobox', { name: 'Columna Plan' })).toHaveValue('Planes');
    await user.click(within(dialog).getByRole('button', { name: 'Validar' }));
    const list = await within(dialog).findByRole('list', { name: 'Errores por fila' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Fila 3, email: El email no es válido']);
    expect(within(dialog).getByText('1 de 2 filas tienen errores')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Importar' })).toBeDisabled();
    expect(importDb.calls.at(-1)).toMatchObject({ dryRun: true, mapping: { Documento: 'dni', Nombre: 'nombre', Correo: 'email', Plan: 'planes' } });

    await user.click(within(dialog).getByRole('button', { name: 'Subir archivo corregido' }));
    await user.upload(fileInput(dialog), csv(FIXED, 'clientes-corregido.csv'));
    await within(dialog).findByRole('cell', { name: 'ivan@correo.test' });
    await user.click(within(dialog).getByRole('button', { name: 'Siguiente' }));
    await user.click(within(dialog).getByRole('button', { name: 'Validar' }));
    expect(await within(dialog).findByText('Todas las filas son válidas')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Importar' }));
    expect(await within(dialog).findByText('2 creados, 0 actualizados.')).toBeInTheDocument();
    expect(importDb.calls.at(-1)).toMatchObject({ dryRun: false });
    await user.click(within(dialog).getByRole('button', { name: 'Ver los clientes' }));
    // The list reads the new customers.
    expect(await screen.findByRole('article', { name: 'Iván Núñez' })).toBeInTheDocument();
  });

  it('asks for the required columns it could not guess before validating', async () => {
    const { user, dialog } = await openWizard();
    await user.upload(fileInput(dialog), csv('Código,Cliente,Correo\n1,Ana,ana@correo.test\n'));
    await within(dialog).findByRole('cell', { name: 'ana@correo.test' });
    await user.click(within(dialog).getByRole('button', { name: 'Siguiente' }));
    expect(within(dialog).getByText('Asigna una columna del archivo a: DNI, Planes.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Validar' })).toBeDisabled();
  });

  it('builds the refused rows as a CSV with an error column, in the file\'s separator', async () => {
    const blob = await rejectedRowsCsv(csv(BAD), [{ line: 3, column: 'email', message: 'El email no es válido' }]);
    const text = await blob.text();
    await waitFor(() => expect(text.replace(/^\ufeff/, '').split('\r\n')).toEqual(['Documento;Nombre;Correo;Plan;error', '5002;Iván Núñez;no-es-email;Plan Auto;email: El email no es válido', '']));
  });
});
