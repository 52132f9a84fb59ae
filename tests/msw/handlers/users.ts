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
import { http } from 'msw';
import type { z } from 'zod';
import { jsonBody, parseBody } from '../body';
import { answer, apiUrl, checked, fail } from '../envelope';
import { deletionHandlers, detailHandler, listHandler, taken, type ListSpec } from '../resource';
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
    created_at: new Date(Date.UTC(2025, 0, 1, 0, sequence)).toISOString(),
    ...rest,
    rol: records.map((role) => role.name),
    roles: records.map(({ id, name, slug }) => ({ id, name, slug })),
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

const find = (id: number) => usersDb.users.find((row) => row.id === id);

/** E-mail and DNI are unique among the other users. */
const duplicate = (input: { email: string; dni: string }, self?: number) =>
  taken(usersDb.users, 'email', input.email, USER_MESSAGES.emailTaken, self) ?? taken(usersDb.users, 'dni', input.dni, USER_MESSAGES.dniTaken, self);

const written = (input: z.output<typeof updateUserBody>, base: Partial<User>): User => {
  const user = buildUser({ ...base, dni: input.dni, name: input.name, email: input.email, phone: input.phone, is_active: input.is_active ?? base.is_active, country_id: input.country_id === undefined ? (base.country_id ?? null) : input.country_id, roles: input.roles });
  return base.id === undefined ? user : { ...user, id: base.id, created_at: base.created_at! };
};

/** The users API over `usersDb`, bodies read by the contract's schemas. */
export const userHandlers = [
  listHandler('v1/users', spec, () => usersDb.users),
  detailHandler('v1/users', spec, find, USER_NOT_FOUND),
  http.post(apiUrl('v1/users'), async ({ request }) => {
    const body = (await jsonBody(request)) as Payload;
    usersDb.requests.push({ method: 'POST', body });
    const input = parseBody(createUserBody, body);
    if (input instanceof Response) return input;
    const refused = duplicate(input);
    if (refused) return refused;
    const user = written(input, {});
    usersDb.users.push(user);
    return answer(userSchema, user, USER_ANSWERS.created, 201);
  }),
  http.put(apiUrl('v1/users/:id'), async ({ params, request }) => {
    const id = Number(params.id);
    const body = (await jsonBody(request)) as Payload;
    usersDb.requests.push({ method: 'PUT', id, body });
    const index = usersDb.users.findIndex((row) => row.id === id);
    if (index < 0) return fail(404, USER_NOT_FOUND);
    const input = parseBody(updateUserBody, body);
    if (input instanceof Response) return input;
    const refused = duplicate(input, id);
    if (refused) return refused;
    const user = written(input, usersDb.users[index]!);
    usersDb.users[index] = user;
    return answer(userSchema, user, USER_ANSWERS.updated);
  }),
  ...deletionHandlers({
    path: 'v1/users',
    find,
    remove: (row) => (usersDb.users = usersDb.users.filter((other) => other !== row)),
    refusal: () => null,
    notFound: USER_NOT_FOUND,
    deleted: USER_ANSWERS.deleted,
  }),
];
