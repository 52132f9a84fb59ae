import { CONNECTOR_MESSAGES, CREDENTIAL_MASK, connectorFields, type ConnectorDriver, type ConnectorType } from '@contract/connector';
import { MAX_EXTERNAL_PLAN_ID } from '@contract/connector.constants';
import { z } from 'zod';
import type { Connector, ConnectorPayload } from '@/entities/connector';

/** One row of the plan map as the form holds it: the plan's id as the select holds it. */
export interface PlanMappingRow {
  plan_id: string | null;
  external_plan_id: string;
}

export interface ConnectorFormValues {
  key: string;
  driver: ConnectorDriver | null;
  type: ConnectorType | null;
  enabled: boolean;
  /** JSON text. */
  settings: string;
  /** JSON text; may stay empty for driver api. */
  params: string;
  varification_policy: string;
  plans: PlanMappingRow[];
}

const asJson = (value: Record<string, unknown>) => JSON.stringify(value, null, 2);

/** What choosing a driver fills in: a local MySQL-style database, or an HTTP endpoint. */
export const DRIVER_SAMPLES: Record<ConnectorDriver, { settings: string; params: string }> = {
  database: {
    settings: asJson({ host: '127.0.0.1', port: 3306, database: 'reservas', username: 'usuario', password: 'cambia-esta-clave' }),
    params: asJson({ table: 'bookings', timeout: 30 }),
  },
  api: {
    settings: asJson({ endpoint: 'https://api.ejemplo.com/v1/reservas', method: 'POST' }),
    params: asJson({}),
  },
};

export const emptyMappingRow = (): PlanMappingRow => ({ plan_id: null, external_plan_id: '' });

/** A new connector starts active, with no driver chosen yet and one empty mapping row. */
export const initialConnectorFormValues = (connector: Connector | null): ConnectorFormValues => ({
  key: connector?.key ?? '',
  driver: connector?.driver ?? null,
  type: connector?.type ?? null,
  enabled: connector?.enabled ?? true,
  settings: connector ? asJson(connector.settings) : '',
  params: connector ? asJson(connector.params) : '',
  varification_policy: connector?.varification_policy ?? '',
  plans: connector?.plans?.length
    ? connector.plans.map((mapping) => ({ plan_id: String(mapping.plan_id), external_plan_id: mapping.external_plan_id }))
    : [emptyMappingRow()],
});

const blank = (text: string) => text.trim() === '';

/**
 * Whether swapping in another driver's sample would lose JSON the person wrote: it would not when
 * both editors are empty or still hold the sample of the driver chosen before.
 */
export const jsonEdited = (values: Pick<ConnectorFormValues, 'driver' | 'settings' | 'params'>) => {
  if (blank(values.settings) && blank(values.params)) return false;
  const sample = values.driver ? DRIVER_SAMPLES[values.driver] : null;
  return !sample || values.settings.trim() !== sample.settings || values.params.trim() !== sample.params;
};

/** Whether a JSON text holds a masked credential (shown so by the server, kept unless replaced). */
export const holdsMaskedCredential = (text: string) => text.includes(CREDENTIAL_MASK);

const paramsObject = connectorFields.shape.params.unwrap();

/**
 * The API's own rules and messages (key, driver, type, settings, params and the plan map from the
 * contract's `connectorFields`), so the form refuses what the server would: params may be left
 * empty only for driver api, and at least one row must map a plan to its external id. A row half
 * filled is pointed at, and a plan is mapped once.
 */
export const connectorFormSchema = z
  .object({
    key: connectorFields.shape.key,
    // The select holds null until a driver or type is chosen: the "required" message, not "invalid".
    driver: z.preprocess((value) => value ?? undefined, connectorFields.shape.driver),
    type: z.preprocess((value) => value ?? undefined, connectorFields.shape.type),
    settings: connectorFields.shape.settings,
    params: z.string(),
    varification_policy: connectorFields.shape.varification_policy,
    plans: z.array(z.object({ plan_id: z.string().nullable(), external_plan_id: z.string() })),
  })
  .superRefine(
    (values, ctx) => {
      if (values.driver !== 'api' || !blank(values.params)) {
        const params = paramsObject.safeParse(values.params);
        if (!params.success) ctx.addIssue({ code: 'custom', path: ['params'], message: params.error.issues[0]?.message ?? CONNECTOR_MESSAGES.paramsInvalid });
      }
      let complete = 0;
      const seen = new Set<string>();
      values.plans.forEach((row, index) => {
        const external = row.external_plan_id.trim();
        if (!row.plan_id && external === '') return;
        if (!row.plan_id) ctx.addIssue({ code: 'custom', path: ['plans', index, 'plan_id'], message: CONNECTOR_MESSAGES.plansRequired });
        else if (seen.has(row.plan_id)) ctx.addIssue({ code: 'custom', path: ['plans', index, 'plan_id'], message: CONNECTOR_MESSAGES.planTwice });
        if (external === '') ctx.addIssue({ code: 'custom', path: ['plans', index, 'external_plan_id'], message: CONNECTOR_MESSAGES.plansRequired });
        else if (external.length > MAX_EXTERNAL_PLAN_ID) {
          ctx.addIssue({ code: 'custom', path: ['plans', index, 'external_plan_id'], message: CONNECTOR_MESSAGES.externalPlanTooLong });
        }
        if (row.plan_id) seen.add(row.plan_id);
        if (row.plan_id && external !== '') complete += 1;
      });
      if (complete === 0) ctx.addIssue({ code: 'custom', path: ['plans'], message: CONNECTOR_MESSAGES.plansRequired });
    },
    // Shown with the other fields' messages, not after they are fixed.
    { when: () => true },
  );

const parseObject = (text: string): Record<string, unknown> => (blank(text) ? {} : (JSON.parse(text) as Record<string, unknown>));

/**
 * What is sent (the values have passed the schema): trimmed text, settings and params as objects
 * (masked credentials inside them unchanged, which keeps the stored values), params `{}` when left
 * empty for api, only the complete mapping rows, and an empty policy as null.
 */
export const toConnectorPayload = (values: ConnectorFormValues): ConnectorPayload => ({
  key: values.key.trim(),
  driver: values.driver!,
  type: values.type!,
  enabled: values.enabled,
  settings: parseObject(values.settings),
  params: parseObject(values.params),
  varification_policy: blank(values.varification_policy) ? null : values.varification_policy.trim(),
  plans: values.plans
    .filter((row) => row.plan_id && !blank(row.external_plan_id))
    .map((row) => ({ plan_id: Number(row.plan_id), external_plan_id: row.external_plan_id.trim() })),
});
