import { CUSTOMER_MESSAGES, customerFields, customerUpdateFields } from '@contract/customer';
import type { Customer, CustomerPayload } from '@/entities/customer';
import { ApiError, formFieldErrors } from '@/shared/api';

/** The modal's fields as the inputs hold them (plan ids as the multi-select's text values). */
export interface CustomerFormValues {
  dni: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  plan_id: string[];
  password: string;
  password_confirmation: string;
}

/** The banner of an edit missing a required field (the create has its own message). */
export const REQUIRED_FIELDS_MISSING = 'Por favor completa los campos obligatorios.';

/** A new customer starts empty; an edited one from its values and the plans it holds, never a password. */
export const initialCustomerFormValues = (customer: Customer | null): CustomerFormValues => ({
  dni: customer?.dni ?? '',
  name: customer?.name ?? '',
  email: customer?.email ?? '',
  phone: customer?.phone ?? '',
  address: customer?.meta.address ?? '',
  city: customer?.meta.city ?? '',
  plan_id: customer?.plan_id.map(String) ?? [],
  password: '',
  password_confirmation: '',
});

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * What is sent: every field trimmed (an emptied optional field as null, so the server clears it),
 * the plans as the customer's whole list, and the password with its confirmation only when one
 * was typed (always on create).
 */
export const toCustomerPayload = (values: CustomerFormValues, editing: boolean): CustomerPayload => ({
  dni: values.dni.trim(),
  name: values.name.trim(),
  email: values.email.trim(),
  phone: orNull(values.phone),
  meta: { address: orNull(values.address), city: orNull(values.city) },
  plan_id: values.plan_id.map(Number),
  ...(!editing || values.password !== '' || values.password_confirmation !== ''
    ? { password: values.password, password_confirmation: values.password_confirmation }
    : {}),
});

/** The form's field a contract issue belongs to: meta's address and city are fields of their own. */
const fieldOf = (path: readonly PropertyKey[]) => (path[0] === 'meta' && path[1] !== undefined ? String(path[1]) : String(path[0] ?? ''));

/**
 * The API's own rules and messages, judged on what would be sent: DNI, name, e-mail and at least
 * one plan; on create a password and its equal confirmation; on edit a password only if typed,
 * and then equal to its confirmation. A confirmation typed without a password does not match either.
 */
export const validateCustomerForm = (values: CustomerFormValues, editing: boolean): Record<string, string> => {
  const payload = toCustomerPayload(values, editing);
  const result = (editing ? customerUpdateFields : customerFields).safeParse(payload);
  const errors: Record<string, string> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path);
      errors[field] ??= issue.message;
    }
  }
  if (editing && values.password === '' && values.password_confirmation !== '') errors.password_confirmation ??= CUSTOMER_MESSAGES.passwordsDiffer;
  return errors;
};

const CREATE_REQUIRED = ['dni', 'name', 'email', 'password', 'password_confirmation'] as const;
const EDIT_REQUIRED = ['dni', 'name', 'email'] as const;

/**
 * The banner of a save refused before sending: on create, while DNI, name, e-mail, password or its
 * confirmation is empty, the parent form's own notice; on edit the same for DNI, name and e-mail.
 * Otherwise null (each field shows its own message).
 */
export const incompleteMessage = (values: CustomerFormValues, editing: boolean): string | null => {
  const required = editing ? EDIT_REQUIRED : CREATE_REQUIRED;
  if (!required.some((field) => values[field].trim() === '')) return null;
  return editing ? REQUIRED_FIELDS_MISSING : CUSTOMER_MESSAGES.createIncomplete;
};

/**
 * The server's refusals by field (422/409): meta's `meta.address` and `meta.city` are the form's
 * `address` and `city`; everything else by its first segment (`plan_id.0` is `plan_id`).
 */
export const customerFieldErrors = (error: unknown): Record<string, string> => {
  const errors = formFieldErrors(error);
  if (error instanceof ApiError) {
    for (const [key, messages] of Object.entries(error.fieldErrors)) {
      const [base, sub] = key.split('.');
      if (base === 'meta' && (sub === 'address' || sub === 'city') && messages[0]) errors[sub] ??= messages[0];
    }
  }
  delete errors.meta;
  return errors;
};
