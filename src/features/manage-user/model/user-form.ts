import { createUserBody, updateUserBody } from '@contract/user';
import type { User, UserPayload } from '@/entities/user';

export type UserStatus = 'active' | 'inactive';

/** The modal's fields as the inputs hold them. */
export interface UserFormValues {
  dni: string;
  name: string;
  email: string;
  phone: string;
  password: string;
  /** Role slugs. */
  roles: string[];
  status: UserStatus;
  /** A country id as the select holds it, or null for none. */
  country_id: string | null;
}

const FIELDS = { dni: true, name: true, email: true, phone: true, password: true, roles: true } as const;

/** The API's own rules and messages: a password is required on creation only. */
export const createUserFormSchema = createUserBody.pick(FIELDS);
export const editUserFormSchema = updateUserBody.pick(FIELDS);

/** A new user starts active, without roles. */
export const initialUserFormValues = (user: User | null): UserFormValues => ({
  dni: user?.dni ?? '',
  name: user?.name ?? '',
  email: user?.email ?? '',
  phone: user?.phone ?? '',
  password: '',
  roles: user?.roles.map((role) => role.slug) ?? [],
  status: user && !user.is_active ? 'inactive' : 'active',
  country_id: user?.country_id ? String(user.country_id) : null,
});

/** What is sent: trimmed values, and the password only when one was typed. */
export const toUserPayload = (values: UserFormValues): UserPayload => ({
  dni: values.dni.trim(),
  name: values.name.trim(),
  email: values.email.trim(),
  phone: values.phone.trim(),
  ...(values.password ? { password: values.password } : {}),
  is_active: values.status === 'active',
  roles: values.roles,
  country_id: values.country_id ? Number(values.country_id) : null,
});
