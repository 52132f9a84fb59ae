import type { Dsp, DspPlanRef } from '@contract/dsp';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { connectorsDb } from '../../../../../tests/msw/handlers/connectors';
import { fillIn } from '../../../../../tests/utils/fill-in';
import { renderWithProviders } from '../../../../../tests/utils/render';
import { PlanMapTab } from './plan-map-tab';

const gold: DspPlanRef = { id: 51, name: 'Plan Oro', campaign_id: 5 };
const silver: DspPlanRef = { id: 52, name: 'Plan Plata', campaign_id: 5 };

const dsp = { id: 11, name: 'Taller Sur', type: 'MIXED', plans: [gold, silver] } as Dsp;

const render = () => {
  connectorsDb.sell(dsp.id, dsp.plans!);
  return renderWithProviders(<PlanMapTab dsp={dsp} />);
};

describe('PlanMapTab', () => {
  it('shows every connector’s plan → external_plan_id with the plan’s name and the connector’s key', async () => {
    connectorsDb.add({ dsp_id: dsp.id, key: 'reservas', plans: [{ plan_id: gold.id, name: gold.name, external_plan_id: 'EXT-ORO' }] });
    connectorsDb.add({
      dsp_id: dsp.id,
      key: 'pagos',
      plans: [
        { plan_id: gold.id, name: gold.name, external_plan_id: 'PAY-ORO' },
        { plan_id: silver.id, name: silver.name, external_plan_id: 'PAY-PLATA' },
      ],
    });
    render();

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').slice(0, 3).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Plan Oro', 'PAY-ORO', 'pagos'],
      ['Plan Plata', 'PAY-PLATA', 'pagos'],
      ['Plan Oro', 'EXT-ORO', 'reservas'],
    ]);
  });

  it('opens the connector’s form from a row, to change its mapping', async () => {
    connectorsDb.add({ dsp_id: dsp.id, key: 'reservas', plans: [{ plan_id: gold.id, name: gold.name, external_plan_id: 'EXT-ORO' }] });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Cambiar el mapeo de Plan Oro en reservas' }));

    const dialog = await screen.findByRole('dialog', { name: 'Editar Conector' });
    const external = within(dialog).getByRole('textbox', { name: 'external_plan_id del mapeo 1' });
    expect(external).toHaveValue('EXT-ORO');
    await user.clear(external);
    await fillIn(user, external, 'ORO-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar Conector' }));

    expect(await screen.findByRole('cell', { name: 'ORO-2026' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar Conector' })).not.toBeInTheDocument());
  });

  it('says when no connector maps a plan yet', async () => {
    render();
    expect(await screen.findByText('Ningún conector de esta DSP mapea planes todavía.')).toBeInTheDocument();
  });
});
