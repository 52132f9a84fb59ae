import {
  USER_ANSWERS,
  USER_DEFAULT_SORT,
  USER_FIELDS,
  USER_MESSAGES,
  USER_NOT_FOUND,
  USER_PAGE_SIZE,
  USER_SORTS,
  createUserBody,
  updateUserBody,
  user as userSchema,
  type CreateUserBody,
  type User,
} from '@contract/user';
import { TOTP_MESSAGES } from '@contract/account';
import { http } from 'msw';
import type { z } from 'zod';
import { apiUrl, checked, fail, ok } from '../envelope';
import { arrayRows, resourceHandlers, type ListSpec, type MockModule } from '../resource';
import { countryRef } from './countries';
import { rolesDb } from './roles';

/** What the panel sends: the create's body (an update's password may be left out). */
type Payload = CreateUserBody;

let sequence = 0;

/** A user as the API reads it; `roles` are slugs. */
export const buildUser = (overrides: Partial<Omit<User, 'roles' | 'rol'>> & { roles?: string[] } = {}): User => {
  sequence += 1;
  const { roles = ['OPERATOR'], ...rest } = overrides;
  const records = roles.map((slug) => rolesDb.bySlug(slug));
  const countryId = rest.country_id ?? null;
  return checked(userSchema, {
    id: sequence + 100,
    dni: `DNI-${sequence}`,
    name: `Persona ${sequence}`,
    email: `persona${sequence}@example.com`,
    phone: `300 000 ${String(sequence).padStart(4, '0')}`,
    is_active: true,
    country_id: countryId,
    country: countryId ? (countryRef(countryId)?.name ?? null) : null,
    second_factor: 'email',
    created_at: new Date(Date.UTC(2025, 0, 1, 0, sequence)).toISOString(),
    version: 1,
    ...rest,
    rol: records.map((role) => role.name),
    roles: records.map(({ id, name, slug, version }) => ({ id, name, slug, version })),
  } satisfies User, 'La persona de prueba');
};

/** The users the handlers answer with; a test seeds it and `reset()`s it in its beforeEach. */
export const usersDb = {
  users: [] as User[],
  /** Every body the create and update calls received, in order. */
  requests: [] as { method: string; id?: number; body: Payload }[],
  reset() {
    usersDb.users = [];
    usersDb.requests = [];
    sequence = 0;
  },
  seed(count: number, overrides: (index: number) => Parameters<typeof buildUser>[0] = () => ({})) {
    for (let index = 0; index < count; index++) usersDb.users.push(buildUser(overrides(index)));
  },
};

const spec: ListSpec<User> = {
  item: userSchema,
  sorts: USER_SORTS,
  defaultSort: USER_DEFAULT_SORT,
  pageSize: USER_PAGE_SIZE,
  fields: USER_FIELDS,
  search: (row) => [row.name, row.email, row.dni],
  filters: { role: (row, slug) => row.roles.some((role) => role.slug === slug) },
};

const written = (input: z.output<typeof updateUserBody>, base: Partial<User>): User => {
  const user = buildUser({ ...base, dni: input.dni, name: input.name, email: input.email, phone: input.phone, is_active: input.is_active ?? base.is_active, country_id: input.country_id === undefined ? (base.country_id ?? null) : input.country_id, roles: input.roles });
  return base.id === undefined ? user : { ...user, id: base.id, created_at: base.created_at! };
};

/** The users API over `usersDb`, bodies read by the contract's schemas; an e-mail is held once. */
export const mock: MockModule = {
  stores: [usersDb],
  handlers: [
    // The server's rule that only a super admin resets someone's app is the server's; this stores the result.
    http.post(apiUrl('v1/users/:id/second-factor/reset'), ({ params }) => {
      const found = usersDb.users.find((row) => row.id === Number(params.id));
      if (!found) return fail(404, USER_NOT_FOUND);
      if (found.second_factor !== 'app') return fail(409, TOTP_MESSAGES.resetNothing);
      found.second_factor = 'email';
      return ok(null, TOTP_MESSAGES.reset);
    }),
    ...resourceHandlers({
    path: 'v1/users',
    spec,
    rows: arrayRows(usersDb, 'users'),
    notFound: USER_NOT_FOUND,
    log: ({ method, id, body }) => usersDb.requests.push({ method: method === 'create' ? 'POST' : 'PUT', id, body: body as Payload }),
    create: { schema: createUserBody, message: USER_ANSWERS.created, row: (input) => written(input, {}) },
    update: { schema: updateUserBody, verb: 'put', message: USER_ANSWERS.updated, row: (current, input) => written(input, current) },
    unique: [{ field: 'email', message: USER_MESSAGES.emailTaken }],
    deletion: { deleted: USER_ANSWERS.deleted },
    }),
  ],
};
