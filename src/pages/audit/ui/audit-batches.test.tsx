import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@/shared/auth';
import { auditDb } from '../../../../tests/msw/handlers/audit';
import { signedInUser } from '../../../../tests/msw/handlers/auth';
import { currentLocation, renderRoute, startSession } from '../../../../tests/utils/render';

const auditor: SessionUser = { ...signedInUser, permissions: ['audit.view'] };
const admin = { id: 1, name: 'Super Admin' };

/** One action that confirmed three bookings, one that deleted two sponsors, and a change of one sponsor. */
const seed = () => {
  for (const id of [11, 12, 13]) {
    auditDb.add({
      actor: admin,
      resource: 'booking',
      resource_id: id,
      resource_label: `AG-${id}`,
      changes: [{ field: 'status', before: 'PENDING', after: 'CONFIRMED', secret: false }],
      batch: { id: 'lote-1', count: 3 },
    });
  }
  for (const id of [4, 5]) auditDb.add({ actor: admin, action: 'delete', resource: 'sponsor', resource_id: id, resource_label: `Sponsor ${id}`, record_path: null, batch: { id: 'lote-2', count: 2 } });
  auditDb.add({ actor: admin, resource: 'sponsor', resource_id: 7, resource_label: 'Acme', changes: [{ field: 'name', before: 'Acm', after: 'Acme', secret: false }] });
};

const actions = () => screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[2]!.textContent);

describe('/auditoria, a bulk action’s records', () => {
  it('shows each batch as one line that opens to its records, filtered by the batch in the address', async () => {
    seed();
    const user = userEvent.setup();
    startSession(auditor);
    renderRoute('/auditoria');
    await screen.findByRole('heading', { level: 1, name: 'Auditoría' });

    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    expect(actions()).toEqual([
      expect.stringContaining('Super Admin cambió'),
      'Super Admin eliminó 2 sponsorsVer los 2 registros',
      'Super Admin cambió el estado de 3 agendamientosVer los 3 registros',
    ]);

    await user.click(screen.getByRole('link', { name: 'Ver los 3 registros' }));
    await waitFor(() => expect(currentLocation()).toBe('/auditoria?batch=lote-1'));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    expect(screen.getAllByRole('link', { name: /^Agendamiento · AG-1[123]$/ })).toHaveLength(3);
    expect(screen.getByRole('button', { name: /Acción en lote/ })).toBeInTheDocument();
  });
});
