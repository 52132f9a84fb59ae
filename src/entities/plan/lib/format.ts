import { formatMoney } from '@/shared/lib';

/** A plan's price with its currency, e.g. 'COP 19.900' or 'USD 2,99'; 'Sin precio' without one. */
export const formatPlanPrice = (plan: { price: number | null | undefined; currency: string | null | undefined }): string =>
  formatMoney(plan.price, plan.currency, 'Sin precio');

/** '1 mes', '12 meses'. */
export const formatMonths = (months: number): string => (months === 1 ? '1 mes' : `${months} meses`);

/** Inclusions and exclusions are kept one per line: the non-empty lines, trimmed. */
export const planListItems = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
