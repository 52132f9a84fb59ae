import { USER_ANSWERS, USER_MESSAGES, USER_NOT_FOUND, USER_PAGE_SIZE, user as userSchema, type User } from '@contract/user';
import { http } from 'msw';
import { z } from 'zod';
import { answer, apiUrl, checked, deletionAnswer, fail } from '../envelope';
import { listAnswer } from '../paginate';
import { rolesDb } from './roles';
import { fold } from '../fold';

type Payload = {
  dni: string;
  name: string;
  email: string;
  phone: string;
  password?: string;
  is_active: boolean;
  roles: string[];
  country_id: number | null;
};

let sequence = 0;
const countryNames: Record<number, string> = { 1: 'Argentina', 2: 'Chile', 3: 'Colombia', 4: 'México', 5: 'Perú' };

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
    country: countryId ? (countryNames[countryId] ?? null) : null,
    created_at: new Date(Date.UTC(2025, 0, 1, 0, sequence)).toISOString(),
    ...rest,
    rol: records.map((role) => role.name),
    roles: records.map(({ id, name, slug }) => ({ id, name, slug })),
  }, 'La persona de prueba');
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

const duplicates = (body: Payload, exceptId?: number) => {
  const others = usersDb.users.filter((user) => user.id !== exceptId);
  const errors: Record<string, string[]> = {};
  if (others.some((user) => user.email === body.email.toLowerCase())) errors.email = [USER_MESSAGES.emailTaken];
  if (others.some((user) => user.dni === body.dni)) errors.dni = [USER_MESSAGES.dniTaken];
  return Object.keys(errors).length > 0 ? fail(409, Object.values(errors)[0]![0]!, errors) : null;
};

const apply = (body: Payload, base: Partial<User>): User => {
  const user = buildUser({ ...base, dni: body.dni, name: body.name, email: body.email.toLowerCase(), phone: body.phone, is_active: body.is_active, country_id: body.country_id, roles: body.roles });
  return base.id === undefined ? user : { ...user, id: base.id, created_at: base.created_at! };
};

/** The users API over `usersDb`: q, role and is_active filters, newest first, the contract's page size. */
export const userHandlers = [
  http.get(apiUrl('v1/users'), ({ request }) => {
    const url = new URL(request.url);
    const q = fold(url.searchParams.get('filter[q]'));
    const role = url.searchParams.get('filter[role]');
    const active = url.searchParams.get('filter[is_active]');
    const found = usersDb.users
      .filter((user) => !q || [user.name, user.email, user.dni ?? ''].some((value) => fold(value).includes(q)))
      .filter((user) => !role || user.roles.some((candidate) => candidate.slug === role))
      .filter((user) => active === null || user.is_active === (active === '1' || active === 'true'))
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    return listAnswer(userSchema, found, url, USER_PAGE_SIZE);
  }),
  http.get(apiUrl('v1/users/:id'), ({ params }) => {
    const user = usersDb.users.find((candidate) => candidate.id === Number(params.id));
    return user ? answer(userSchema, user) : fail(404, USER_NOT_FOUND);
  }),
  http.post(apiUrl('v1/users'), async ({ request }) => {
    const body = (await request.json()) as Payload;
    usersDb.requests.push({ method: 'POST', body });
    const conflict = duplicates(body);
    if (conflict) return conflict;
    const user = apply(body, {});
    usersDb.users.push(user);
    return answer(userSchema, user, USER_ANSWERS.created, 201);
  }),
  http.put(apiUrl('v1/users/:id'), async ({ params, request }) => {
    const id = Number(params.id);
    const body = (await request.json()) as Payload;
    usersDb.requests.push({ method: 'PUT', id, body });
    const index = usersDb.users.findIndex((candidate) => candidate.id === id);
    if (index < 0) return fail(404, USER_NOT_FOUND);
    const conflict = duplicates(body, id);
    if (conflict) return conflict;
    const user = apply(body, usersDb.users[index]!);
    usersDb.users[index] = user;
    return answer(userSchema, user, USER_ANSWERS.updated);
  }),
  http.get(apiUrl('v1/users/:id/deletion'), ({ params }) =>
    usersDb.users.some((candidate) => candidate.id === Number(params.id)) ? deletionAnswer(null) : fail(404, USER_NOT_FOUND),
  ),
  http.delete(apiUrl('v1/users/:id'), ({ params }) => {
    const before = usersDb.users.length;
    usersDb.users = usersDb.users.filter((candidate) => candidate.id !== Number(params.id));
    return usersDb.users.length < before ? answer(z.null(), null, USER_ANSWERS.deleted) : fail(404, USER_NOT_FOUND);
  }),
];
