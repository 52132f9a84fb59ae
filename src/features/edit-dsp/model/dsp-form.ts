import { idField } from '@contract/common';
import { dspFields, dspSettingsTemplate } from '@contract/dsp';
import type { Dsp, DspPayload, DspType } from '@/entities/dsp';

/** The modal's fields as the inputs hold them (ids as the selects' text values). */
export interface DspFormValues {
  name: string;
  type: DspType;
  country_id: string | null;
  sponsor_id: string | null;
  /** Only narrows the plans offered: a DSP stores plans, not a campaign. */
  campaign_id: string | null;
  plans: string[];
  /** The settings object as JSON text. */
  settings: string;
  website_url: string;
  address: string;
  phone_primary: string;
  phone_secondary: string;
  email_primary: string;
  enabled: boolean;
  /** A newly chosen image; null keeps the current one. */
  image: File | null;
}

/** Said when the campaign that narrows the plans is missing (the campaign is the form's own field). */
export const CAMPAIGN_REQUIRED = 'La campaña es requerida';
/** Why 'Guardar' is off while a required field is empty. */
export const REQUIRED_FIELDS_MISSING = 'Por favor completa los campos obligatorios.';
/** Why 'Guardar' is off while an optional field holds something the server would refuse. */
export const FIELDS_TO_FIX = 'Revisa los campos marcados.';

/** The fields without which the DSP cannot be saved at all. */
export const REQUIRED_FIELDS = ['name', 'type', 'country_id', 'sponsor_id', 'campaign_id', 'plans', 'settings'] as const;

const FIELDS = {
  name: true,
  type: true,
  country_id: true,
  sponsor_id: true,
  plans: true,
  settings: true,
  website_url: true,
  address: true,
  phone_primary: true,
  phone_secondary: true,
  email_primary: true,
} as const;

/**
 * The API's own rules and messages (name, type, country, sponsor, at least one plan, settings a
 * JSON object; website, e-mail and lengths of the optional fields), plus the campaign the plans
 * are picked from.
 */
export const dspFormSchema = dspFields.pick(FIELDS).extend({ campaign_id: idField(CAMPAIGN_REQUIRED) });

/** The template 'Usar plantilla' writes into settings, pretty-printed, with the form's own name and type. */
export const settingsTemplateText = (name: string, type: DspType) => JSON.stringify(dspSettingsTemplate(name.trim() || 'Mi DSP', type), null, 2);

/**
 * A new DSP sells (SALE) and starts active, with empty settings; an edited one starts from its
 * values, its campaign taken from its plans.
 */
export const initialDspFormValues = (dsp: Dsp | null): DspFormValues => {
  const campaignId = dsp?.plans?.[0]?.campaign_id;
  return {
    name: dsp?.name ?? '',
    type: dsp?.type ?? 'SALE',
    country_id: dsp ? String(dsp.country_id) : null,
    sponsor_id: dsp ? String(dsp.sponsor_id) : null,
    campaign_id: campaignId === undefined ? null : String(campaignId),
    plans: dsp?.plans?.map((plan) => String(plan.id)) ?? [],
    settings: dsp ? JSON.stringify(dsp.settings, null, 2) : '',
    website_url: dsp?.website_url ?? '',
    address: dsp?.address ?? '',
    phone_primary: dsp?.phone_primary ?? '',
    phone_secondary: dsp?.phone_secondary ?? '',
    email_primary: dsp?.email_primary ?? '',
    enabled: dsp?.enabled ?? true,
    image: null,
  };
};

/**
 * Why 'Guardar' is off, from the form's problems: the settings' own message when only they are
 * wrong, the required-fields notice while any required field is missing, null when it can be saved.
 */
export const submitBlocker = (problems: Record<string, unknown>): string | null => {
  const fields = Object.keys(problems);
  if (fields.length === 0) return null;
  if (fields.every((field) => field === 'settings')) return String(problems.settings);
  return fields.some((field) => (REQUIRED_FIELDS as readonly string[]).includes(field)) ? REQUIRED_FIELDS_MISSING : FIELDS_TO_FIX;
};

/** Settings travel as compact JSON: the server keeps the object, not the editor's layout. */
const compactJson = (text: string) => {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text.trim();
  }
};

/**
 * What is sent: text trimmed. A new DSP leaves empty optional fields out; an edited one sends
 * them empty, so the server clears what was removed. The sponsor goes on create only: it never
 * changes.
 */
export const toDspPayload = (values: DspFormValues, editing: boolean): DspPayload => {
  const optional = (value: string) => {
    const trimmed = value.trim();
    return editing || trimmed !== '' ? trimmed : undefined;
  };
  return {
    name: values.name.trim(),
    type: values.type,
    country_id: Number(values.country_id),
    ...(editing ? {} : { sponsor_id: Number(values.sponsor_id) }),
    plans: values.plans.map(Number),
    settings: compactJson(values.settings),
    website_url: optional(values.website_url),
    address: optional(values.address),
    phone_primary: optional(values.phone_primary),
    phone_secondary: optional(values.phone_secondary),
    email_primary: optional(values.email_primary),
    enabled: values.enabled,
    image: values.image,
  };
};
