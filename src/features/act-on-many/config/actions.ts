import type { BulkAction, BulkList } from '@contract/bulk.constants';

/**
 * The permission each list's bulk actions need, as the server's routes require it for one record;
 * null: any signed-in person, the server keeping each record to their DSPs.
 */
export const BULK_PERMISSIONS: Record<BulkList, string | null> = {
  bookings: 'bookings.change-status',
  entitlements: null,
  dsps: 'dsps.manage',
  connectors: 'dsps.manage',
  clients: 'dsps.manage',
  sponsors: 'sponsors.manage',
  campaigns: 'sponsors.manage',
  categories: 'categories.delete',
  customers: null,
  users: 'users.manage',
};

/** Each action's button, its dialog's confirm button and that button while it runs. */
export const BULK_ACTION_TEXT: Record<BulkAction, { label: string; confirm: string; busy: string; verb: string }> = {
  status: { label: 'Cambiar estado', confirm: 'Cambiar estado', busy: 'Cambiando...', verb: 'cambiará el estado de' },
  enable: { label: 'Habilitar', confirm: 'Habilitar', busy: 'Habilitando...', verb: 'habilitarán' },
  disable: { label: 'Deshabilitar', confirm: 'Deshabilitar', busy: 'Deshabilitando...', verb: 'deshabilitarán' },
  delete: { label: 'Eliminar', confirm: 'Eliminar', busy: 'Eliminando...', verb: 'eliminarán' },
  activate: { label: 'Activar', confirm: 'Activar', busy: 'Activando...', verb: 'activarán' },
  deactivate: { label: 'Desactivar', confirm: 'Desactivar', busy: 'Desactivando...', verb: 'desactivarán' },
};
