import { UNUSABLE_SECRET } from '../../db/record-writes';
import { SUPER_ADMIN_ROLE, role } from '@contract/role';
import {
  USER_DEFAULT_SORT,
  USER_FIELDS,
  USER_MESSAGES,
  USER_NOT_FOUND,
  USER_PAGE_SIZE,
  type USER_SORTS,
  type User,
  user,
  type createUserBody,
  type updateUserBody,
} from '@contract/user';
import { and, type AnyColumn, count, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { anyOf } from '../../db/any-of';
import { auditTrail } from '../../db/audit-trail';
import type { Db, Tx } from '../../db/client';
import { assertVersion, changesRow, constraintRefusal, defineWrites, touchRecord } from '../../db/record-writes';
import { copyContains, sortableText } from '../../db/sortable-text';
import { countries, dspUsers, roles, sessions, totpFactors, userRoles, users } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { conflict, notFound, validationFailed, type AppError, type FieldErrors } from '../../http/errors';
import { booleanFilter, idFilter } from '../../http/filter-values';
import { defineItem, isoTime, many, sameNamed } from '../../http/item-sql';
import { SECOND_FACTOR_LABELS } from '@contract/auth.constants';
import { csvTime, csvYesNo } from '../../http/csv';
import { defineList } from '../../http/list';
import { accountCreatedMessage, emailChangedMessage, passwordSetByAdminMessage, type MailMessage, type Mailer } from '../../mail';
import { hashPassword } from '../../security/password';
import { passwordPolicyError } from '../../security/password-policy';
import { assertMayActOn, assertMayAssign, refusalToActOn } from '../roles/authority';

type CreateInput = z.output<typeof createUserBody>;
type UpdateInput = z.output<typeof updateUserBody>;
type Conn = Db | Tx;

export const USER_ERRORS = {
  notFound: USER_NOT_FOUND,
  selfDeactivate: 'No puedes desactivar tu propia cuenta.',
  selfDelete: 'No puedes eliminar tu propia cuenta.',
  selfDemote: 'No puedes quitarte el rol de Super Admin.',
  lastSuperAdmin: 'Debe quedar al menos un Super Admin activo.',
  superAdminNotAssignable: 'El rol Super Admin no se puede asignar desde la gestión de usuarios.',
  countryMissing: 'El país no existe.',
} as const;

/**
 * The names of a user's roles, in the order the roles were created (Super Admin first): `rol`, and
 * the DSP staff's. One subquery per person on user_roles' primary key; the names come from one map
 * of the roles, which the statement reads once (it names no outer column), cheaper than joining
 * and sorting the roles for each person of a page of DSPs' staff.
 */
export const roleNamesOf = (userId: AnyColumn): SQL =>
  sql`to_json(array(select (select jsonb_object_agg(${roles.id}, ${roles.name}) from ${roles}) ->> ${userRoles.roleId}::text
    from ${userRoles} where ${userRoles.userId} = ${userId} order by ${userRoles.roleId}))`;

/** A role as a user's `roles` shows it. */
const roleItem = defineItem(role, { table: roles, id: roles.id, fields: (row) => sameNamed(row, ['id', 'name', 'slug', 'version']) });

/** A user as every answer shows it: its country's name and its roles (in the order of `rol`), never the password hash. */
const userItem = defineItem(user, {
  table: users,
  id: users.id,
  fields: (user) => ({
    ...sameNamed(user, ['id', 'dni', 'name', 'email', 'phone', 'is_active', 'country_id', 'version']),
    country: sql`(select ${countries.name} from ${countries} where ${countries.id} = ${user.countryId})`,
    rol: roleNamesOf(user.id),
    roles: many(
      roleItem,
      (held, person: typeof users) => sql`${held.id} in (select ${userRoles.roleId} from ${userRoles} where ${userRoles.userId} = ${person.id})`,
      (held) => [held.id],
    ),
    second_factor: sql`case when exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${user.id} and ${totpFactors.confirmedAt} is not null) then 'app' else 'email' end`,
    created_at: isoTime(user.createdAt),
  }),
});

/** A user in the change history: what the users screen shows, roles by name; the password only as changed. */
const history = auditTrail({
  resource: 'user',
  id: (item: User) => item.id,
  label: (item) => item.name,
  fields: (item) => ({
    name: item.name,
    email: item.email,
    dni: item.dni,
    phone: item.phone,
    is_active: item.is_active,
    country_id: item.country_id,
    roles: item.roles.map((role) => role.name),
  }),
});

/** The roles named by `slugs`; unknown ones are a 422 on `roles`. */
async function resolveRoles(db: Conn, slugs: string[]) {
  const found = await db.select({ id: roles.id, name: roles.name, slug: roles.slug }).from(roles).where(anyOf(roles.slug, slugs));
  const unknown = slugs.filter((slug) => !found.some((role) => role.slug === slug));
  if (unknown.length > 0) {
    throw validationFailed({ roles: [`${unknown.length === 1 ? 'Rol no válido' : 'Roles no válidos'}: ${unknown.join(', ')}.`] });
  }
  return found;
}

/** 409 with a field error for each of e-mail and DNI that another user already has. */
const duplicateConflict = (fields: { email?: boolean; dni?: boolean }) => {
  const errors: FieldErrors = {};
  if (fields.email) errors.email = [USER_MESSAGES.emailTaken];
  if (fields.dni) errors.dni = [USER_MESSAGES.dniTaken];
  const message = fields.email && fields.dni ? 'El email y el DNI ya están registrados.' : (Object.values(errors)[0]?.[0] ?? 'Ya existe.');
  return conflict(message, errors);
};

async function checkUnique(db: Conn, input: { email: string; dni: string }, exceptId?: number) {
  const taken = await db
    .select({ email: users.email, dni: users.dni })
    .from(users)
    .where(and(or(eq(users.email, input.email), eq(users.dni, input.dni)), exceptId === undefined ? undefined : ne(users.id, exceptId)));
  const email = taken.some((row) => row.email === input.email);
  const dni = taken.some((row) => row.dni === input.dni);
  if (email || dni) throw duplicateConflict({ email, dni });
}

/**
 * A write refused by a constraint answers like a check: a race lost to another write with the same
 * e-mail or DNI, the 409 `checkUnique` gives for one of them; a country that is not there (checked
 * by its foreign key alone, not read first), 422.
 */
const USER_CONSTRAINTS = {
  unique: [
    { field: 'email', index: 'users_email_unique', message: USER_MESSAGES.emailTaken },
    { field: 'dni', index: 'users_dni_unique', message: USER_MESSAGES.dniTaken },
  ],
  references: [{ constraint: 'users_country_id_countries_id_fk', field: 'country_id', message: USER_ERRORS.countryMissing }],
};
const mapConstraint = (error: unknown): never => {
  throw constraintRefusal(error, USER_CONSTRAINTS);
};

/**
 * Serialises the writes that could leave no active super admin (two admins demoting each other at
 * once would otherwise both see the other one still there).
 */
const lockSuperAdmins = (tx: Tx) => tx.select({ id: roles.id }).from(roles).where(eq(roles.slug, SUPER_ADMIN_ROLE)).for('update');

async function otherActiveSuperAdmins(tx: Tx, exceptId: number) {
  const [row] = await tx
    .select({ total: count() })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.slug, SUPER_ADMIN_ROLE), eq(users.isActive, true), ne(users.id, exceptId)));
  return row?.total ?? 0;
}

/** Closes every open session of a user except the one the actor writes from. */
const revokeSessions = (tx: Tx, userId: number, actor: Actor) =>
  tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), actor.sessionId === null ? undefined : ne(sessions.id, actor.sessionId)),
    );

const isSuperAdmin = (user: User) => user.roles.some((role) => role.slug === SUPER_ADMIN_ROLE);

/** A password an administrator sets follows the same policy as one a person chooses (422 on `password`). */
const checkPasswordPolicy = (input: { password?: string; email: string; dni: string }) => {
  const refusal = input.password === undefined ? null : passwordPolicyError(input.password, input);
  if (refusal) throw validationFailed({ password: [refusal] });
};

export function createUserService({ db, mailer, log }: { db: Db; mailer: Mailer; log: FastifyBaseLogger }) {
  /**
   * Sends the account mails once the write has committed. A failure is logged and never undoes the
   * write or reaches the caller: the change they asked for did happen.
   */
  const notify = (messages: MailMessage[]) =>
    Promise.all(
      messages.map((message) =>
        mailer.send(message).catch((error: unknown) => log.error({ err: error, to: message.to, subject: message.subject }, 'could not send an account mail')),
      ),
    );

  /** The users list: filter[q] (name, e-mail, DNI), country_id, role (slug), is_active. */
  const list = defineList({
    db,
    shown: userItem,
    tallied: 'users',
    filters: {
      q: {
        description: 'Busca en nombre, email y DNI, sin distinguir mayúsculas ni tildes.',
        where: (value) => or(copyContains(users.nameFolded, value), copyContains(users.emailFolded, value), copyContains(users.dniFolded, value)),
      },
      country_id: { description: 'Id del país.', where: (value) => eq(users.countryId, idFilter('country_id', value)) },
      role: {
        description: 'Slug del rol (SUPER_ADMIN, ADMIN, BUSINESS_LEADER, OPERATOR).',
        // Each user the other filters keep is checked on user_roles' primary key (user, role), the
        // role's id read first as an array; `in (the role's users)` hashed every operator.
        // A template, not drizzle's select builders: building those was most of this list's own work.
        where: (value) =>
          sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.roleId} = any(array(select ${roles.id} from ${roles} where ${roles.slug} = ${value})))`,
      },
      is_active: { description: '1/0/true/false.', where: (value) => eq(users.isActive, booleanFilter('is_active', value)) },
    },
    sorts: { name: sortableText(users.name), email: users.email, created_at: users.createdAt } satisfies Record<(typeof USER_SORTS)[number], unknown>,
    defaultSort: USER_DEFAULT_SORT,
    defaultLimit: USER_PAGE_SIZE,
    fields: USER_FIELDS,
    csv: {
      file: 'usuarios',
      summary: 'Los usuarios filtrados, en CSV',
      columns: [
        { header: 'ID', cell: (item) => item.id },
        { header: 'Nombre', cell: (item) => item.name },
        { header: 'DNI', cell: (item) => item.dni },
        { header: 'Email', cell: (item) => item.email },
        { header: 'Teléfono', cell: (item) => item.phone },
        { header: 'País', cell: (item) => item.country },
        { header: 'Roles', cell: (item) => item.rol.join(', ') },
        { header: 'Activo', cell: (item) => csvYesNo(item.is_active) },
        { header: 'Segundo factor', cell: (item) => SECOND_FACTOR_LABELS[item.second_factor] },
        { header: 'Creado', cell: (item, { timeZone }) => csvTime(item.created_at, timeZone) },
      ],
    },
  });

  /** The user as every answer and the history show it, as `conn` (a write's transaction) reads it now; null when there is none. */
  const findUser = async (conn: Conn, id: number): Promise<User | null> => (await list.present<User>(id, [], conn)) ?? null;

  /** Why `actor` may not delete the user now (oneself, a user beyond them, the last active super admin), or null. */
  const deleteRefusal = async (tx: Tx, id: number, actor: Actor): Promise<AppError | null> => {
    if (id === actor.userId) return conflict(USER_ERRORS.selfDelete);
    const target = await findUser(tx, id);
    if (!target) return notFound(USER_ERRORS.notFound);
    const refused = await refusalToActOn(tx, actor, target, 'eliminar');
    if (refused) return refused;
    if (isSuperAdmin(target) && target.is_active && (await otherActiveSuperAdmins(tx, id)) === 0) return conflict(USER_ERRORS.lastSuperAdmin);
    return null;
  };

  const writes = defineWrites({
    db,
    table: users,
    id: users.id,
    notFound: USER_ERRORS.notFound,
    // Its roles and DSP assignments come back; its password does not (it was only kept as a hash):
    // a restored person sets one through recovery, like a forgotten one.
    keeps: [
      { table: userRoles, rows: (id) => eq(userRoles.userId, id) },
      { table: dspUsers, rows: (id) => eq(dspUsers.userId, id) },
    ],
    onRestore: () => ({ set: { password_hash: UNUSABLE_SECRET } }),
    // Bringing someone back is acting on them, and on whatever roles they come back with.
    refuseRestore: async (tx, row, actor) => {
      const target = await findUser(tx, row.id);
      return target ? refusalToActOn(tx, actor, target, 'restaurar') : null;
    },
    present: (row, tx) => list.presentHeld<User>(row.id, [], tx),
    history,
    // Before the user's row, as every write that could leave no active super admin does.
    lockFirst: lockSuperAdmins,
    refuseDelete: (tx, row, actor) => deleteRefusal(tx, row.id, actor),
  });

  return {
    list,

    /** The user as `tx` reads it now, or null (for the writes of other modules on a user). */
    findHeld: (tx: Tx, id: number) => findUser(tx, id),

    async get(id: number) {
      const found = await findUser(db, id);
      if (!found) throw notFound(USER_ERRORS.notFound);
      return found;
    },

    async create(input: CreateInput, actor: Actor): Promise<User> {
      checkPasswordPolicy(input);
      const passwordHash = await hashPassword(input.password);
      let created: User;
      try {
        created = await db.transaction(async (tx) => {
          const found = await resolveRoles(tx, input.roles);
          if (input.roles.includes(SUPER_ADMIN_ROLE)) throw validationFailed({ roles: [USER_ERRORS.superAdminNotAssignable] });
          await assertMayAssign(tx, actor, found);
          await checkUnique(tx, input);
          const [row] = await tx
            .insert(users)
            .values({
              dni: input.dni,
              name: input.name,
              email: input.email,
              phone: input.phone,
              passwordHash,
              isActive: input.is_active,
              countryId: input.country_id ?? null,
            })
            .returning({ id: users.id });
          await tx.insert(userRoles).values(found.map((role) => ({ userId: row!.id, roleId: role.id })));
          const after = await list.presentHeld<User>(row!.id, [], tx);
          await history.record(tx, actor, { before: null, after, secrets: ['password'] });
          return after;
        });
      } catch (error) {
        return mapConstraint(error);
      }
      await notify([accountCreatedMessage(created.email, created.name)]);
      return created;
    },

    async update(id: number, input: UpdateInput, actor: Actor, version?: number): Promise<User> {
      checkPasswordPolicy(input);
      const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
      let before: User;
      let after: User;
      try {
        ({ before, after } = await db.transaction(async (tx) => {
          await lockSuperAdmins(tx);
          // Locked before it is read: the version compared is the one this write replaces.
          const [stored] = await tx.select().from(users).where(eq(users.id, id)).for('no key update');
          const target = await findUser(tx, id);
          if (!target) throw notFound(USER_ERRORS.notFound);
          await assertMayActOn(tx, actor, target, 'modificar');
          await assertVersion(target, version, async () => target);
          const found = await resolveRoles(tx, input.roles);
          const wasSuperAdmin = isSuperAdmin(target);
          const willBeSuperAdmin = input.roles.includes(SUPER_ADMIN_ROLE);
          if (willBeSuperAdmin && !wasSuperAdmin) throw validationFailed({ roles: [USER_ERRORS.superAdminNotAssignable] });
          // Every role in the new set, not only the added ones: those kept are within the actor's
          // permissions already, since acting on the target required all of its permissions.
          await assertMayAssign(tx, actor, found);
          const willBeActive = input.is_active ?? target.is_active;
          const self = id === actor.userId;
          if (self && !willBeActive) throw conflict(USER_ERRORS.selfDeactivate);
          if (self && wasSuperAdmin && !willBeSuperAdmin) throw conflict(USER_ERRORS.selfDemote);
          const losesSuperAdmin = wasSuperAdmin && target.is_active && (!willBeSuperAdmin || !willBeActive);
          if (losesSuperAdmin && (await otherActiveSuperAdmins(tx, id)) === 0) throw conflict(USER_ERRORS.lastSuperAdmin);
          await checkUnique(tx, input, id);

          const set = {
            dni: input.dni,
            name: input.name,
            email: input.email,
            phone: input.phone,
            isActive: willBeActive,
            countryId: input.country_id,
            passwordHash,
          };
          const held = new Set(target.roles.map((role) => role.id));
          const rolesChanged = found.length !== held.size || found.some((role) => !held.has(role.id));
          // Saving the form as it was changes nothing, not even the version.
          if (changesRow(stored!, set)) await tx.update(users).set(set).where(eq(users.id, id));
          else if (rolesChanged) await touchRecord(tx, users, users.id, id);
          if (rolesChanged) {
            await tx.delete(userRoles).where(eq(userRoles.userId, id));
            await tx.insert(userRoles).values(found.map((role) => ({ userId: id, roleId: role.id })));
          }
          // What the person may do, whether they may sign in at all, or the credentials they sign in
          // with changed: their open sessions end, so no panel keeps working on the old terms.
          if ((target.is_active && !willBeActive) || rolesChanged || passwordHash !== undefined || input.email !== target.email) {
            await revokeSessions(tx, id, actor);
          }
          const changed = await list.presentHeld<User>(id, [], tx);
          await history.record(tx, actor, { before: target, after: changed, secrets: passwordHash === undefined ? [] : ['password'] });
          return { before: target, after: changed };
        }));
      } catch (error) {
        return mapConstraint(error);
      }
      const mails: MailMessage[] = [];
      if (after.email !== before.email) {
        for (const to of [before.email, after.email]) mails.push(emailChangedMessage(to, after.name, before.email, after.email));
      }
      if (passwordHash !== undefined) mails.push(passwordSetByAdminMessage(after.email, after.name));
      await notify(mails);
      return after;
    },

    /**
     * Activates or deactivates the user (a bulk call's activate and deactivate) by the update's
     * rules: nobody acts on someone beyond them, nor deactivates themselves or the last active
     * super admin; a deactivated user's sessions end. Recorded in its history as an update of is_active.
     */
    async setActive(id: number, isActive: boolean, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        await lockSuperAdmins(tx);
        const [stored] = await tx.select().from(users).where(eq(users.id, id)).for('no key update');
        const target = stored ? await findUser(tx, id) : null;
        if (!target) throw notFound(USER_ERRORS.notFound);
        await assertMayActOn(tx, actor, target, 'modificar');
        if (target.is_active === isActive) return;
        if (id === actor.userId && !isActive) throw conflict(USER_ERRORS.selfDeactivate);
        if (!isActive && isSuperAdmin(target) && (await otherActiveSuperAdmins(tx, id)) === 0) throw conflict(USER_ERRORS.lastSuperAdmin);
        await tx.update(users).set({ isActive }).where(eq(users.id, id));
        if (!isActive) await revokeSessions(tx, id, actor);
        await history.record(tx, actor, { before: target, after: await list.presentHeld<User>(id, [], tx) });
      });
    },

    // Its sessions go with it (ON DELETE CASCADE), so its tokens stop working at once.
    remove: writes.remove,
    restorer: writes.restorer,
    deletion: writes.deletion,
  };
}

export type UserService = ReturnType<typeof createUserService>;
