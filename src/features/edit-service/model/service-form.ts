import { metaAsText } from '@contract/meta';
import { SERVICE_MESSAGES, clearUnlimited, serviceFields, serviceRuleErrors } from '@contract/service';
import { z } from 'zod';
import type { EventPeriod, Service, ServicePayload } from '@/entities/service';

export interface ServiceFormValues {
  /** The plan's id as the select holds it; fixed on edit. */
  plan_id: string | null;
  name: string;
  description: string;
  /** A number, or '' when empty (Mantine's NumberInput). */
  coverage_amount: number | string;
  unlimited_coverage: boolean;
  event_limit: number | string;
  unlimited_events: boolean;
  event_period: EventPeriod | null;
  /** The campaign category's id as the select holds it, or null. */
  category_id: string | null;
  apolo_code_ref: string;
  inclusions: string;
  exclusions: string;
  is_active: boolean;
  /** Text, or JSON when it starts with { or [. */
  meta: string;
  /** A newly chosen image; null keeps the current one. */
  image: File | null;
}

/** A new service starts active, for the plan chosen on the page, with unlimited events and coverage off. */
export const initialServiceFormValues = (service: Service | null, planId: number | null): ServiceFormValues => ({
  plan_id: service ? String(service.plan_id) : planId === null ? null : String(planId),
  name: service?.name ?? '',
  description: service?.description ?? '',
  coverage_amount: service?.coverage_amount ?? '',
  unlimited_coverage: service?.unlimited_coverage ?? false,
  event_limit: service?.event_limit ?? '',
  unlimited_events: service?.unlimited_events ?? false,
  event_period: service?.event_period ?? null,
  category_id: service?.category_id ? String(service.category_id) : null,
  apolo_code_ref: service?.apolo_code_ref ?? '',
  inclusions: service?.inclusions ?? '',
  exclusions: service?.exclusions ?? '',
  is_active: service?.is_active ?? true,
  meta: metaAsText(service?.meta),
  image: null,
});

/**
 * The API's own rules and messages, with the rules between fields from `serviceRuleErrors`, so the
 * form refuses exactly what the server would. A category is required once the campaign has any.
 */
export const serviceFormSchema = ({ categoriesExist }: { categoriesExist: boolean }) =>
  z
    .object({
      plan_id: z.string({ error: SERVICE_MESSAGES.planRequired }).min(1, SERVICE_MESSAGES.planRequired),
      name: serviceFields.shape.name,
      description: serviceFields.shape.description,
      coverage_amount: serviceFields.shape.coverage_amount,
      unlimited_coverage: z.boolean(),
      event_limit: serviceFields.shape.event_limit,
      unlimited_events: z.boolean(),
      category_id: z
        .string()
        .nullable()
        .refine((value) => !categoriesExist || Boolean(value), SERVICE_MESSAGES.categoryRequired),
      apolo_code_ref: serviceFields.shape.apolo_code_ref,
      inclusions: serviceFields.shape.inclusions,
      exclusions: serviceFields.shape.exclusions,
      meta: serviceFields.shape.meta,
    })
    .superRefine(
      (values, ctx) => {
        const limits = clearUnlimited({
          coverage_amount: values.coverage_amount ?? null,
          unlimited_coverage: values.unlimited_coverage,
          event_limit: values.event_limit ?? null,
          unlimited_events: values.unlimited_events,
        });
        for (const [field, messages] of Object.entries(serviceRuleErrors(limits))) {
          ctx.addIssue({ code: 'custom', path: [field], message: messages[0] ?? '' });
        }
      },
      // Shown with the other fields' messages, not after they are fixed.
      { when: () => true },
    );

const numberOrEmpty = (value: number | string, unlimited: boolean): number | '' => (unlimited || typeof value !== 'number' ? '' : value);

/**
 * What is sent: trimmed text; an unlimited coverage or event count without its number; the Apolo
 * code left out when empty, except that clearing an existing one sends '' to clear it.
 */
export const toServicePayload = (values: ServiceFormValues, service: Service | null): ServicePayload => {
  const apolo = values.apolo_code_ref.trim();
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    coverage_amount: numberOrEmpty(values.coverage_amount, values.unlimited_coverage),
    unlimited_coverage: values.unlimited_coverage,
    event_limit: numberOrEmpty(values.event_limit, values.unlimited_events),
    unlimited_events: values.unlimited_events,
    event_period: values.event_period ?? '',
    inclusions: values.inclusions.trim(),
    exclusions: values.exclusions.trim(),
    is_active: values.is_active,
    category_id: values.category_id ? Number(values.category_id) : '',
    ...(apolo !== '' || service?.apolo_code_ref ? { apolo_code_ref: apolo } : {}),
    meta: values.meta.trim(),
    image: values.image,
  };
};
