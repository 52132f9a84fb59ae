import { metaAsText } from '@contract/meta';
import { DEFAULT_COMMITMENT_MONTHS, planFields } from '@contract/plan';
import { z } from 'zod';
import type { Plan, PlanPayload, PlanStatus } from '@/entities/plan';

export interface PlanFormValues {
  name: string;
  description: string;
  /** As typed; the server normalises it. */
  price: string;
  status: PlanStatus;
  /** A newly chosen file; null keeps the current one. */
  image: File | null;
  document: File | null;
  inclusions: string;
  exclusions: string;
  /** The Select's value: '1', '3', … */
  commitment_months: string;
  /** A number, or '' when empty (Mantine's NumberInput). */
  trial_days: number | string;
  auto_renew: boolean;
  apolo_code_ref: string;
  meta: string;
  is_upgrade: boolean;
  /** The base plan's id as the Select holds it. */
  plan_id: string | null;
}

export const BASE_PLAN_REQUIRED = 'Selecciona el plan base.';

/** The wizard's steps, in order, with the fields each one holds. */
export const PLAN_STEPS = [
  { label: 'Información básica', fields: ['name', 'description', 'price', 'status'] },
  { label: 'Multimedia', fields: ['image', 'document'] },
  {
    label: 'Detalles',
    fields: ['inclusions', 'exclusions', 'commitment_months', 'trial_days', 'auto_renew', 'apolo_code_ref', 'meta', 'is_upgrade', 'plan_id'],
  },
] as const satisfies readonly { label: string; fields: readonly (keyof PlanFormValues)[] }[];

export const LAST_STEP = PLAN_STEPS.length - 1;

/** The step holding `field`, or null when the form has no such field. */
export const stepOfField = (field: string): number | null => {
  const index = PLAN_STEPS.findIndex((step) => (step.fields as readonly string[]).includes(field));
  return index < 0 ? null : index;
};

export const initialPlanFormValues = (plan: Plan | null): PlanFormValues => ({
  name: plan?.name ?? '',
  description: plan?.description ?? '',
  price: plan?.price === null || plan?.price === undefined ? '' : String(plan.price).replace('.', ','),
  status: plan?.status ?? 'DRAFT',
  image: null,
  document: null,
  inclusions: plan?.inclusions ?? '',
  exclusions: plan?.exclusions ?? '',
  commitment_months: String(plan?.commitment_months ?? DEFAULT_COMMITMENT_MONTHS),
  trial_days: plan?.trial_days ?? '',
  auto_renew: plan?.auto_renew ?? false,
  apolo_code_ref: plan?.apolo_code_ref ?? '',
  meta: metaAsText(plan?.meta),
  is_upgrade: plan ? plan.plan_id !== null : false,
  plan_id: plan?.plan_id === null || plan?.plan_id === undefined ? null : String(plan.plan_id),
});

/**
 * The API's own rules and messages for what the wizard edits (the price read as `normalizePrice`
 * reads it, meta's JSON, the trial's range), plus a base plan once the upgrade box is ticked.
 * That check runs even when another field is wrong, so every message shows at once.
 */
export const planFormSchema = z
  .object({
    name: planFields.shape.name,
    description: planFields.shape.description,
    price: planFields.shape.price,
    inclusions: planFields.shape.inclusions,
    exclusions: planFields.shape.exclusions,
    trial_days: planFields.shape.trial_days,
    apolo_code_ref: planFields.shape.apolo_code_ref,
    meta: planFields.shape.meta,
    is_upgrade: z.boolean(),
    plan_id: z.string().nullable(),
  })
  .refine(({ is_upgrade: upgrade, plan_id: base }) => !upgrade || Boolean(base), {
    path: ['plan_id'],
    message: BASE_PLAN_REQUIRED,
    when: () => true,
  });

export const toPlanPayload = (values: PlanFormValues): PlanPayload => ({
  name: values.name.trim(),
  description: values.description.trim(),
  price: values.price.trim(),
  status: values.status,
  inclusions: values.inclusions,
  exclusions: values.exclusions,
  commitment_months: Number(values.commitment_months),
  trial_days: typeof values.trial_days === 'number' ? values.trial_days : '',
  auto_renew: values.auto_renew,
  meta: values.meta,
  apolo_code_ref: values.apolo_code_ref.trim(),
  plan_id: values.is_upgrade && values.plan_id ? Number(values.plan_id) : '',
  image: values.image,
  document: values.document,
});

type PlanRef = Pick<Plan, 'id' | 'name' | 'plan_id'>;

/**
 * The plans an upgrade may build on: the campaign's others, minus the plan itself and any plan
 * that already builds on it (directly or through others), which would close a cycle.
 */
export const basePlanCandidates = <T extends PlanRef>(plans: readonly T[], planId: number | null): T[] => {
  if (planId === null) return [...plans];
  const byId = new Map(plans.map((plan) => [plan.id, plan]));
  const buildsOnThis = (plan: T) => {
    const seen = new Set<number>();
    for (let current: PlanRef | undefined = plan; current && !seen.has(current.id); current = byId.get(current.plan_id ?? -1)) {
      if (current.id === planId) return true;
      seen.add(current.id);
    }
    return false;
  };
  return plans.filter((plan) => !buildsOnThis(plan));
};
