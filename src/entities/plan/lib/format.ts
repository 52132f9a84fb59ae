import { formatMoney } from '@/shared/lib';

/** A plan's price as staff read it, e.g. '$ 19.900' or '$ 30,99'; 'Sin precio' without one. */
export const formatPlanPrice = (value: number | null | undefined): string => formatMoney(value, 'Sin precio');

/** '1 mes', '12 meses'. */
export const formatMonths = (months: number): string => (months === 1 ? '1 mes' : `${months} meses`);

/** Inclusions and exclusions are kept one per line: the non-empty lines, trimmed. */
export const planListItems = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
