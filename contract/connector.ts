import { z } from 'zod';
import { CONNECTOR_FIELDS } from './connector.constants';
import { fieldKeys, booleanish, idField, jsonObjectField, recordVersion } from './common';
import {
  CONNECTOR_MESSAGES,
  MAX_CONNECTOR_JSON,
  MAX_CONNECTOR_KEY,
  MAX_EXTERNAL_PLAN_ID,
  MAX_VERIFICATION_POLICY,
} from './connector.constants';
import { CONNECTOR_DRIVERS, CONNECTOR_TYPES } from './dsp.constants';

export {
  CONNECTOR_ANSWERS,
  CONNECTOR_DEFAULT_SORT,
  CONNECTOR_FIELDS,
  CONNECTOR_INCLUDES,
  CONNECTOR_MESSAGES,
  CONNECTOR_NOT_FOUND,
  CONNECTOR_PAGE_SIZE,
  CONNECTOR_SORTS,
  CREDENTIAL_ENDINGS,
  CREDENTIAL_MASK,
  CREDENTIAL_NAMES,
} from './connector.constants';
export { CONNECTOR_DRIVERS, CONNECTOR_TYPES, DSP_NOT_FOUND, type ConnectorDriver, type ConnectorType } from './dsp.constants';

/** Settings or params: a JSON object, as one or as its text. */
const connectorJson = (required: string, invalid: string) =>
  jsonObjectField({ required, invalid, notObject: invalid, tooLong: CONNECTOR_MESSAGES.jsonTooLong }, MAX_CONNECTOR_JSON);

const requiredText = (required: string, max: number, tooLong: string) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** One of `values`, or `required` when nothing was sent and `invalid` for anything else. */
const requiredEnum = <const T extends readonly [string, ...string[]]>(values: T, required: string, invalid: string) =>
  z.enum(values, { error: (issue) => (issue.input === undefined || issue.input === '' || issue.input === null ? required : invalid) });

const planMapping = z.object({
  plan_id: idField(CONNECTOR_MESSAGES.plansRequired),
  external_plan_id: z
    .string({ error: CONNECTOR_MESSAGES.plansRequired })
    .trim()
    .min(1, CONNECTOR_MESSAGES.plansRequired)
    .max(MAX_EXTERNAL_PLAN_ID, CONNECTOR_MESSAGES.externalPlanTooLong),
});
export type PlanMapping = z.output<typeof planMapping>;

const optionalPolicy = z.preprocess(
  (value) => (value === '' || value === null ? null : value),
  z
    .string()
    .trim()
    .max(MAX_VERIFICATION_POLICY, CONNECTOR_MESSAGES.policyTooLong)
    .transform((value) => (value === '' ? null : value))
    .nullable(),
);

/**
 * A connector create (JSON, or a form with settings and params as JSON text). key, driver and
 * type are required; settings is a JSON object; params is required for driver database and `{}`
 * when left out for api (checked by the server, which knows the driver); at least one plan
 * mapping, each a plan of the DSP (checked by the server) mapped once. Credential values in
 * settings and params are stored encrypted and read back masked.
 */
export const connectorFields = z.object({
  key: requiredText(CONNECTOR_MESSAGES.keyRequired, MAX_CONNECTOR_KEY, CONNECTOR_MESSAGES.keyTooLong),
  driver: requiredEnum(CONNECTOR_DRIVERS, CONNECTOR_MESSAGES.driverRequired, CONNECTOR_MESSAGES.driver),
  type: requiredEnum(CONNECTOR_TYPES, CONNECTOR_MESSAGES.typeRequired, CONNECTOR_MESSAGES.type),
  enabled: booleanish.optional(),
  settings: connectorJson(CONNECTOR_MESSAGES.settingsRequired, CONNECTOR_MESSAGES.settingsInvalid),
  params: connectorJson(CONNECTOR_MESSAGES.paramsRequired, CONNECTOR_MESSAGES.paramsInvalid).optional(),
  plans: z.array(planMapping, { error: CONNECTOR_MESSAGES.plansRequired }).min(1, CONNECTOR_MESSAGES.plansRequired),
  /** Spelled so on the wire, as the panel always has. */
  varification_policy: optionalPolicy.optional(),
});
export type ConnectorFields = z.input<typeof connectorFields>;

/** An update sends any subset (`{enabled}` alone toggles it); plans, when sent, replace the map. */
export const connectorUpdateFields = connectorFields.partial();

export const connectorPlan = z.object({
  /** Our plan. */
  plan_id: z.number().int(),
  name: z.string(),
  /** The plan's id in the DSP's system. */
  external_plan_id: z.string(),
});
export type ConnectorPlan = z.infer<typeof connectorPlan>;

export const connector = z.object({
  id: z.number().int(),
  dsp_id: z.number().int(),
  key: z.string(),
  driver: z.enum(CONNECTOR_DRIVERS),
  type: z.enum(CONNECTOR_TYPES),
  enabled: z.boolean(),
  /** Credential values show as CREDENTIAL_MASK. */
  settings: z.record(z.string(), z.unknown()),
  params: z.record(z.string(), z.unknown()),
  varification_policy: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: recordVersion,
  /** With `include=plans` (always on a write's answer), ordered by plan name. */
  plans: z.array(connectorPlan).optional(),
});
export type Connector = z.infer<typeof connector>;

/** CONNECTOR_FIELDS names exactly the item's fields. */
fieldKeys(connector, CONNECTOR_FIELDS);
