import { EVENT_PERIOD_LABELS } from '@contract/service.constants';
import type { Service } from '@/entities/service';
import { formatCOP } from '@/shared/lib';

/** 'Ilimitados', or the limit and how often it renews: '3 · Anual'. */
export const eventsText = ({ unlimited_events, event_limit, event_period }: Pick<Service, 'unlimited_events' | 'event_limit' | 'event_period'>) => {
  if (unlimited_events) return 'Ilimitados';
  if (event_limit === null) return '—';
  return event_period ? `${event_limit} · ${EVENT_PERIOD_LABELS[event_period]}` : String(event_limit);
};

/** 'Ilimitada', or the amount in pesos. */
export const coverageText = ({ unlimited_coverage, coverage_amount }: Pick<Service, 'unlimited_coverage' | 'coverage_amount'>) =>
  unlimited_coverage ? 'Ilimitada' : formatCOP(coverage_amount);
