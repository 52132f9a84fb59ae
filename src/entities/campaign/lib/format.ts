import dayjs from 'dayjs';

const amount = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 });

/** A budget as staff read it, e.g. '$ 180.000.000'; '—' without one. */
export const formatBudget = (value: number | null | undefined): string =>
  typeof value === 'number' && Number.isFinite(value) ? `$ ${amount.format(value)}` : '—';

/** A campaign date in Spanish, e.g. '1 de marzo de 2025'; '—' without one. */
export const formatCampaignDate = (value: string | null | undefined): string =>
  value ? dayjs(value).format('D [de] MMMM [de] YYYY') : '—';
