import type { Plan, PlanStatus } from '@contract/plan';

export type { Plan, PlanStatus };

/**
 * What the plan wizard sends (multipart). Text travels as typed (the server normalises the price and
 * trims); an empty optional field clears it on update; files only when a new one was chosen.
 */
export interface PlanPayload {
  name: string;
  description: string;
  /** As typed: '30.000', '30,99', '$ 1.250.000'; empty clears it. */
  price: string;
  status: PlanStatus;
  /** One per line. */
  inclusions: string;
  exclusions: string;
  commitment_months: number;
  /** Empty clears it. */
  trial_days: number | '';
  auto_renew: boolean;
  /** Text or JSON. */
  meta: string;
  apolo_code_ref: string;
  /** The base plan when this plan is an upgrade; empty when it is not. */
  plan_id: number | '';
  image?: File | null;
  document?: File | null;
}
