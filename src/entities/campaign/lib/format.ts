import dayjs from 'dayjs';

import { formatMoney } from '@/shared/lib';

/** A budget as staff read it, e.g. '$ 180.000.000'; '—' without one. */
export const formatBudget = (value: number | null | undefined): string => formatMoney(value);

/** A campaign date in Spanish, e.g. '1 de marzo de 2025'; '—' without one. */
export const formatCampaignDate = (value: string | null | undefined): string =>
  value ? dayjs(value).format('D [de] MMMM [de] YYYY') : '—';
