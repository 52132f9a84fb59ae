import type { EventPeriod, Service } from '@contract/service';

export type { EventPeriod, Service };

/**
 * What the service form sends (multipart). The plan comes from the path on create and never
 * changes; an empty optional field clears it on update; the image only when a new one was chosen.
 */
export interface ServicePayload {
  name: string;
  description: string;
  /** Empty when the coverage is unlimited. */
  coverage_amount: number | '';
  unlimited_coverage: boolean;
  /** Empty when the events are unlimited. */
  event_limit: number | '';
  unlimited_events: boolean;
  event_period: EventPeriod | '';
  inclusions: string;
  exclusions: string;
  is_active: boolean;
  /** The campaign category; empty for none. */
  category_id: number | '';
  /** Trimmed; left out when empty on create. */
  apolo_code_ref?: string;
  /** Text or JSON. */
  meta: string;
  image?: File | null;
}
