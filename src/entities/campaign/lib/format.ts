import dayjs from 'dayjs';

import { formatMoney } from '@/shared/lib';

/** A budget in its campaign's currency, e.g. 'COP 180.000.000'; '—' without one. */
export const formatBudget = (campaign: { budget: number | null | undefined; currency: string | null | undefined }): string =>
  formatMoney(campaign.budget, campaign.currency);

/** A campaign date in Spanish, e.g. '1 de marzo de 2025'; '—' without one. */
export const formatCampaignDate = (value: string | null | undefined): string =>
  value ? dayjs(value).format('D [de] MMMM [de] YYYY') : '—';
