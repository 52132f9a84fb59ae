import { EVENT_PERIOD_LABELS } from '@contract/service.constants';
import type { Service } from '../api/service.api';

import { formatMoney } from '@/shared/lib';

/** 'Ilimitados', '3 · Mensual', or '3 por periodo' when no period was chosen. */
export const formatServiceEvents = (service: Pick<Service, 'unlimited_events' | 'event_limit' | 'event_period'>): string => {
  if (service.unlimited_events || service.event_limit === null) return 'Ilimitados';
  return service.event_period ? `${service.event_limit} · ${EVENT_PERIOD_LABELS[service.event_period]}` : `${service.event_limit} por periodo`;
};

/** 'Ilimitada' or the amount in its plan's currency, e.g. 'COP 1.500.000,50'. */
export const formatServiceCoverage = (service: Pick<Service, 'unlimited_coverage' | 'coverage_amount' | 'currency'>): string =>
  service.unlimited_coverage || service.coverage_amount === null ? 'Ilimitada' : formatMoney(service.coverage_amount, service.currency);
