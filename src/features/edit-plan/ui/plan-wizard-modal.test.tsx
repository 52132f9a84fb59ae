import { PLAN_MESSAGES, PRICE_MESSAGES } from '@contract/plan';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiUrl, fail, invalid } from '../../../../tests/msw/envelope';
import { buildPlan, campaignsDb } from '../../../../tests/msw/handlers/campaigns';
import { plansDb } from '../../../../tests/msw/handlers/plans';
import { server } from '../../../../tests/msw/server';
import { chooseOption, listboxOf } from '../../../../tests/utils/choose-option';
import { fillIn } from '../../../../tests/utils/fill-in';
import { renderWithProviders } from '../../../../tests/utils/render';
import type { Plan } from '@/entities/plan';
import { PlanWizardModal } from './plan-wizard-modal';

const open = async (plans: Plan[] = [], plan: Plan | null = null) => {
  const campaign = campaignsDb.add({ name: 'Hogar Seguro', plans });
  const rendered = renderWithProviders(
    <PlanWizardModal opened onClose={() => undefined} campaignId={campaign.id} currency={campaign.currency} plan={plan} campaignPlans={campaign.plans ?? []} />,
  );
  const dialog = await screen.findByRole('dialog', { name: plan ? 'Editar Plan' : 'Nuevo Plan' });
  return { ...rendered, campaign, dialog };
};

const fillBasics = async (user: ReturnType<typeof renderWithProviders>['user'], dialog: HTMLElement) => {
  await fillIn(user, within(dialog).getByLabelText(/Nombre/), '  Plan Oro  ');
  await fillIn(user, within(dialog).getByLabelText(/Descripción/), 'Asistencia completa');
};

const next = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Siguiente' });

describe('PlanWizardModal', () => {
  it('does not leave the first step without name and description, and says why', async () => {
    const { user, dialog } = await open();
    await user.click(next(dialog));
    expect(await within(dialog).findByText(PLAN_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(PLAN_MESSAGES.descriptionRequired)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText(/Nombre/)).toHaveFocus());
    expect(within(dialog).getByText('Paso 1 de 3')).toBeInTheDocument();
  });

  it('shows the price refusal under Precio and stays on the step', async () => {
    const { user, dialog } = await open();
    await fillBasics(user, dialog);
    await user.type(within(dialog).getByLabelText('Precio'), '30.0.0');
    await user.click(next(dialog));
    expect(await within(dialog).findByText(PRICE_MESSAGES.invalid)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Precio')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Paso 1 de 3')).toBeInTheDocument();
  });

  it('moves on with Enter but never saves before the last step', async () => {
    const { user, dialog } = await open();
    await fillBasics(user, dialog);
    await user.type(within(dialog).getByLabelText(/Nombre/), '{Enter}');
    expect(await within(dialog).findByText('Paso 2 de 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Subir PDF' })).toBeInTheDocument();
    await user.click(next(dialog));
    expect(await within(dialog).findByText('Paso 3 de 3')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Crear Plan' })).toBeInTheDocument();
    expect(plansDb.requests).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Atrás' }));
    expect(await within(dialog).findByText('Paso 2 de 3')).toBeInTheDocument();
    expect(plansDb.requests).toEqual([]);
  });

  it('sends every field, the files and the base plan, as typed', async () => {
    const basic = buildPlan({ name: 'Plan Básico' });
    const { user, dialog, campaign } = await open([basic]);
    await fillBasics(user, dialog);
    await user.type(within(dialog).getByLabelText('Precio'), '$ 30.000');
    expect(within(dialog).getByLabelText('Precio')).toHaveAccessibleDescription(/Se guardará como COP\s30\.000$/);
    await chooseOption(user, 'Estado', 'Activo');
    await user.click(next(dialog));

    await within(dialog).findByText('Paso 2 de 3');
    await user.upload(within(dialog).getByLabelText('Imagen'), new File([new Uint8Array(8)], 'oro.png', { type: 'image/png' }));
    await user.upload(within(dialog).getByLabelText('Documento PDF'), new File([new Uint8Array(8)], 'condiciones.pdf', { type: 'application/pdf' }));
    expect(within(dialog).getByText('Archivo elegido: condiciones.pdf')).toBeInTheDocument();
    await user.click(next(dialog));

    await within(dialog).findByText('Paso 3 de 3');
    await user.type(within(dialog).getByLabelText('Inclusiones'), 'Grúa{Enter}Cerrajería');
    await chooseOption(user, 'Permanencia', '12 meses');
    await user.type(within(dialog).getByLabelText('Días de prueba'), '15');
    await user.click(within(dialog).getByLabelText('Renovación automática'));
    await user.type(within(dialog).getByLabelText('Código Apolo'), ' AP-77 ');
    expect(within(dialog).getByRole('combobox', { name: 'Plan base' })).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Es una mejora de otro plan'));
    await chooseOption(user, 'Plan base', 'Plan Básico');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Plan' }));

    await waitFor(() => expect(plansDb.requests).toHaveLength(1));
    expect(plansDb.requests[0]).toMatchObject({
      method: 'create',
      campaignId: campaign.id,
      fields: {
        name: 'Plan Oro',
        description: 'Asistencia completa',
        price: '$ 30.000',
        status: 'ACTIVE',
        // jsdom's FormData drops file names on the way: the parts are files, which is what counts.
        image: expect.stringMatching(/^file:/),
        document: expect.stringMatching(/^file:/),
        // Multipart turns line ends into CRLF; the server reads either.
        inclusions: expect.stringMatching(/^Grúa\r?\nCerrajería$/),
        commitment_months: '12',
        trial_days: '15',
        auto_renew: '1',
        apolo_code_ref: 'AP-77',
        plan_id: String(basic.id),
      },
    });
  });

  it('asks for the base plan once the upgrade box is ticked', async () => {
    const { user, dialog } = await open([buildPlan({ name: 'Plan Básico' })]);
    await fillBasics(user, dialog);
    await user.click(next(dialog));
    await user.click(await within(dialog).findByRole('button', { name: 'Siguiente' }));
    await user.click(await within(dialog).findByLabelText('Es una mejora de otro plan'));
    await user.click(within(dialog).getByRole('button', { name: 'Crear Plan' }));
    expect(await within(dialog).findByText('Selecciona el plan base.')).toBeInTheDocument();
    expect(plansDb.requests).toEqual([]);
  });

  it('offers as base plan only the campaign’s other plans, never the plan itself', async () => {
    const basic = buildPlan({ name: 'Plan Básico' });
    const premium = buildPlan({ name: 'Plan Premium', description: 'Todo incluido', plan_id: basic.id, parent: { id: basic.id, name: basic.name } });
    const { user, dialog } = await open([basic, premium], premium);
    await user.click(next(dialog));
    await user.click(await within(dialog).findByRole('button', { name: 'Siguiente' }));
    expect(await within(dialog).findByLabelText('Es una mejora de otro plan')).toBeChecked();
    const select = within(dialog).getByRole('combobox', { name: 'Plan base' });
    expect(select).toHaveValue('Plan Básico');
    await user.click(select);
    const listbox = listboxOf(select)!;
    const options = within(listbox).getAllByRole('option', { hidden: true }).map((option) => option.textContent);
    expect(options).toEqual(['Plan Básico']);
  });

  it('hides the upgrade box when the campaign has no other plan', async () => {
    const only = buildPlan({ name: 'Único', description: 'Solo' });
    const { user, dialog } = await open([only], only);
    await user.click(next(dialog));
    await user.click(await within(dialog).findByRole('button', { name: 'Siguiente' }));
    await within(dialog).findByText('Paso 3 de 3');
    expect(within(dialog).queryByLabelText('Es una mejora de otro plan')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Guardar cambios' })).toBeInTheDocument();
  });

  it('takes a server refusal back to the step of its field, under the field, with focus on it', async () => {
    server.use(http.post(apiUrl('v1/campaigns/:id/plans'), () => invalid({ name: [PLAN_MESSAGES.nameTaken] })));
    const { user, dialog } = await open();
    await fillBasics(user, dialog);
    await user.click(next(dialog));
    await user.click(await within(dialog).findByRole('button', { name: 'Siguiente' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Crear Plan' }));

    expect(await within(dialog).findByText(PLAN_MESSAGES.nameTaken)).toBeInTheDocument();
    expect(within(dialog).getByText('Paso 1 de 3')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText(/Nombre/)).toHaveFocus());
  });

  it('shows a refused PDF under Documento PDF, on its step', async () => {
    server.use(http.post(apiUrl('v1/campaigns/:id/plans'), () => fail(415, 'El archivo de documento debe ser PDF.', { document: ['El archivo de documento debe ser PDF.'] })));
    const { user, dialog } = await open();
    await fillBasics(user, dialog);
    await user.click(next(dialog));
    await user.upload(await within(dialog).findByLabelText('Documento PDF'), new File([new Uint8Array(8)], 'falso.pdf', { type: 'application/pdf' }));
    await user.click(next(dialog));
    await user.click(await within(dialog).findByRole('button', { name: 'Crear Plan' }));

    expect(await within(dialog).findByText('El archivo de documento debe ser PDF.')).toBeInTheDocument();
    expect(within(dialog).getByText('Paso 2 de 3')).toBeInTheDocument();
  });

  it('edits a plan: its values are filled in, the PDF is linked, and the update travels as PUT', async () => {
    const plan = buildPlan({ name: 'Plan Plata', description: 'Lo esencial', price: 45000.5, status: 'ACTIVE', document_url: '/storage/plans/plata.pdf', commitment_months: 6 });
    const { user, dialog } = await open([plan], plan);
    expect(within(dialog).getByLabelText(/Nombre/)).toHaveValue('Plan Plata');
    expect(within(dialog).getByLabelText('Precio')).toHaveValue('45000,5');
    await user.clear(within(dialog).getByLabelText('Precio'));
    await user.click(next(dialog));
    expect(await within(dialog).findByRole('link', { name: 'Ver PDF actual' })).toHaveAttribute('href', '/storage/plans/plata.pdf');
    await user.click(next(dialog));
    expect(await within(dialog).findByRole('combobox', { name: 'Permanencia' })).toHaveValue('6 meses');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));

    await waitFor(() => expect(plansDb.requests).toHaveLength(1));
    expect(plansDb.requests[0]).toMatchObject({ method: 'update', id: plan.id, fields: { _method: 'PUT', name: 'Plan Plata', price: '', commitment_months: '6', plan_id: '' } });
    expect(plansDb.requests[0]!.fields).not.toHaveProperty('document');
  });

  it('asks before closing with unsaved changes', async () => {
    const { user, dialog } = await open();
    await fillIn(user, within(dialog).getByLabelText(/Nombre/), 'Plan');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByRole('alertdialog', { name: 'Cambios sin guardar' })).toBeInTheDocument();
  });
});
