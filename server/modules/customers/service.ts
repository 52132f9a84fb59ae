import { UNUSABLE_SECRET } from '../../db/record-writes';
import { RESTORE_GONE } from '@contract/restore';
import {
  CUSTOMER_DEFAULT_SORT,
  CUSTOMER_DEPENDENT_NOUNS,
  CUSTOMER_FIELDS,
  CUSTOMER_INCLUDES,
  CUSTOMER_MESSAGES,
  CUSTOMER_NOT_FOUND,
  CUSTOMER_PAGE_SIZE,
  type CUSTOMER_SORTS,
  type Customer,
  type CustomerDspPlans,
  type CustomerMeta,
  customer,
  type customerFields,
  customerMeta,
  type customerUpdateFields,
} from '@contract/customer';
import { DSP_NOT_FOUND } from '@contract/dsp.constants';
import { IMPORT_MESSAGES, rowErrorText, type CustomerImportResult, type ImportMapping } from '@contract/customer-import';
import { PLAN_REMOVED_REASON } from '@contract/entitlement';
import { and, asc, eq, getTableName, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { anyOf } from '../../db/any-of';
import type { Db, Tx } from '../../db/client';
import { foreignKeyViolation } from '../../db/errors';
import { insertMany } from '../../db/insert-many';
import { constraintRefusal, defineWrites } from '../../db/record-writes';
import { recordAudit, recordAudits, type AuditEvent } from '../../db/audit-trail';
import { numberOrNull } from '../../db/numeric';
import { bookings, customers, dspPlans, dsps, entitlementPeriods, entitlements, entitlementStatusHistories, plans } from '../../db/schema';
import { itemWithoutSecrets, secretAwareTrail, type WithSecrets } from '../../db/secret-history';
import { copyContains, sortableText } from '../../db/sortable-text';
import type { Actor } from '../../http/actor';
import { AppError, notFound, validationFailed } from '../../http/errors';
import type { UploadedFile } from '../../http/uploads';
import { defineItem, isoTime, jsonKeys, many, sameNamed } from '../../http/item-sql';
import { csvTime } from '../../http/csv';
import { defineList } from '../../http/list';
import { hashPassword } from '../../security/password';
import { changeEntitlementStatus, entitlementItem, openEntitlement, openEntitlements } from '../entitlements/service';
import { readImportFile } from './import-file';
import { checkImport, type ImportRow } from './import-rows';
import { assertVisibleDsp, visibleDsp, visibleDspList } from './visibility';

type CustomerRow = typeof customers.$inferSelect;
type CreateInput = z.output<typeof customerFields>;
type UpdateInput = z.output<typeof customerUpdateFields>;

/** The stored meta with both keys, for a write that merges into it. */
const metaOf = (row: CustomerRow): CustomerMeta => {
  const meta = (row.meta ?? {}) as Partial<CustomerMeta>;
  return { address: meta.address ?? null, city: meta.city ?? null };
};

/** The subscriptions whose plans a customer's item lists, under a name of their own in its subquery. */
const held = alias(entitlements, 'held');

/**
 * A customer as every read answers: never the password or its hash. `plan_id` are the plans the
 * customer holds (subscriptions not cancelled), by id; the subscriptions come with
 * `include=entitlements`, oldest first.
 */
export const customerItem = defineItem(customer, {
  table: customers,
  id: customers.id,
  fields: (customer) => ({
    ...sameNamed(customer, ['id', 'dsp_id', 'dni', 'name', 'email', 'phone']),
    meta: jsonKeys(customer.meta, customerMeta),
    plan_id: sql`coalesce((select json_agg(${held.planId} order by ${held.planId}) from ${sql.identifier(getTableName(entitlements))} ${sql.identifier('held')}
      where ${held.customerId} = ${customer.id} and ${held.status} <> 'CANCELLED'), '[]'::json)`,
    created_at: isoTime(customer.createdAt),
    updated_at: isoTime(customer.updatedAt),
    version: customer.version,
  }),
  relations: {
    entitlements: many(entitlementItem, (entitlement, customer: typeof customers) => eq(entitlement.customerId, customer.id), (entitlement) => [entitlement.id]),
  },
});

/** The customer on the change history: its fields and plans; the password only as 'cambió'. */
const history = secretAwareTrail({
  resource: 'customer',
  id: (item: Customer) => item.id,
  label: (item) => item.name,
  fields: (item) => ({
    dsp_id: item.dsp_id,
    dni: item.dni,
    name: item.name,
    email: item.email,
    phone: item.phone,
    address: item.meta.address,
    city: item.meta.city,
    plan_id: item.plan_id,
  }),
});

/** What an import compares a row with: the customer's fields and the plans they hold. */
interface StoredCustomer {
  dni: string;
  name: string;
  email: string;
  phone: string | null;
  meta: CustomerMeta;
  planIds: number[];
}

/** The customers an import updates, as stored, read in its transaction (a few statements for any number). */
async function storedForImport(tx: Tx, ids: readonly number[]): Promise<Map<number, StoredCustomer>> {
  const stored = new Map<number, StoredCustomer>();
  for (let start = 0; start < ids.length; start += 10_000) {
    const chunk = ids.slice(start, start + 10_000);
    const rows = await tx.select().from(customers).where(anyOf(customers.id, chunk)).for('no key update');
    const held = await tx
      .select({ customerId: entitlements.customerId, planId: entitlements.planId })
      .from(entitlements)
      .where(and(anyOf(entitlements.customerId, chunk), ne(entitlements.status, 'CANCELLED')));
    for (const row of rows) stored.set(row.id, { dni: row.dni, name: row.name, email: row.email, phone: row.phone, meta: metaOf(row), planIds: [] });
    for (const { customerId, planId } of held) stored.get(customerId)?.planIds.push(planId);
  }
  return stored;
}

/** Whether writing `input` (absent fields kept, meta merged, plan_id the whole list) would change the stored customer. */
function changesCustomer(stored: StoredCustomer | undefined, input: UpdateInput): boolean {
  if (!stored || input.password !== undefined) return true;
  const differs = (value: unknown, current: unknown) => value !== undefined && value !== current;
  if (differs(input.dni, stored.dni) || differs(input.name, stored.name) || differs(input.email, stored.email) || differs(input.phone, stored.phone)) return true;
  if (input.meta && (differs(input.meta.address, stored.meta.address) || differs(input.meta.city, stored.meta.city))) return true;
  if (input.plan_id) {
    const wanted = new Set(input.plan_id);
    if (wanted.size !== stored.planIds.length || stored.planIds.some((id) => !wanted.has(id))) return true;
  }
  return false;
}

/** A customer as an import's insert answers it, by SQL column names. */
interface CreatedRow {
  id: number;
  dni: string;
  name: string;
  email: string;
  phone: string | null;
  meta: Partial<CustomerMeta>;
  password_hash: string;
  created_at: string;
  updated_at: string;
  version: number;
}

/** New customers written per batch of an import (each a few columns: far below PostgreSQL's 65,535 parameters). */
const IMPORT_BATCH = 1000;

/** Hashes computed at once: libuv runs four by default, and each holds 32 MiB. */
const HASHING_AT_ONCE = 4;

/**
 * Each password hashed; none (a row without one) stores the unusable hash no password matches, as
 * a random password never shown would be: the customer sets one by recovery.
 */
async function hashAll(passwords: readonly (string | undefined)[]): Promise<string[]> {
  const hashes: string[] = new Array(passwords.length);
  let next = 0;
  const worker = async () => {
    while (next < passwords.length) {
      const index = next++;
      const password = passwords[index];
      hashes[index] = password === undefined ? UNUSABLE_SECRET : await hashPassword(password);
    }
  };
  await Promise.all(Array.from({ length: HASHING_AT_ONCE }, worker));
  return hashes;
}

const CUSTOMER_UNIQUE = [
  { field: 'dni', index: 'customers_dsp_dni_unique', message: CUSTOMER_MESSAGES.dniTaken },
  { field: 'email', index: 'customers_dsp_email_unique', message: CUSTOMER_MESSAGES.emailTaken },
];

const plansError = () => validationFailed({ plan_id: [CUSTOMER_MESSAGES.planNotOfDsp] }, CUSTOMER_MESSAGES.planNotOfDsp);

/** The names of the plans a customer holds (subscriptions not cancelled), by name. */
const heldPlanNames = (item: Customer): string =>
  (item.entitlements ?? [])
    .filter((held) => held.status !== 'CANCELLED')
    .map((held) => held.plan?.name ?? '')
    .sort((a, b) => a.localeCompare(b, 'es'))
    .join(', ');

export function createCustomerService({ db }: { db: Db }) {
  const list = defineList({
    db,
    shown: customerItem,
    filters: {
      q: {
        description: 'Busca en nombre, DNI, email y teléfono, sin distinguir mayúsculas ni tildes.',
        where: (value) =>
          or(copyContains(customers.nameFolded, value), copyContains(customers.dniFolded, value), copyContains(customers.emailFolded, value), copyContains(customers.phoneFolded, value)),
      },
      dni: { description: 'El DNI contiene este texto.', where: (value) => copyContains(customers.dniFolded, value), search: true },
      name: { description: 'El nombre contiene este texto (sin distinguir mayúsculas ni tildes).', where: (value) => copyContains(customers.nameFolded, value), search: true },
      email: { description: 'El email contiene este texto.', where: (value) => copyContains(customers.emailFolded, value), search: true },
      phone: { description: 'El teléfono contiene este texto.', where: (value) => copyContains(customers.phoneFolded, value), search: true },
    },
    sorts: { id: customers.id, name: customers.nameFolded, created_at: customers.createdAt } satisfies Record<(typeof CUSTOMER_SORTS)[number], unknown>,
    defaultSort: CUSTOMER_DEFAULT_SORT,
    defaultLimit: CUSTOMER_PAGE_SIZE,
    fields: CUSTOMER_FIELDS,
    includes: { list: CUSTOMER_INCLUDES },
    csv: {
      file: 'clientes',
      summary: 'Los clientes filtrados de una DSP, en CSV',
      includes: ['entitlements', 'entitlements.plan'],
      columns: [
        { header: 'DNI', cell: (item) => item.dni },
        { header: 'Nombre', cell: (item) => item.name },
        { header: 'Email', cell: (item) => item.email },
        { header: 'Teléfono', cell: (item) => item.phone },
        { header: 'Dirección', cell: (item) => item.meta.address },
        { header: 'Ciudad', cell: (item) => item.meta.city },
        { header: 'Planes', cell: (item) => heldPlanNames(item) },
        { header: 'Creado', cell: (item, { timeZone }) => csvTime(item.created_at, timeZone) },
      ],
    },
  });

  /** A customer `actor` may see, or 404 'El cliente no existe.'. */
  const find = async (id: number, actor: Actor): Promise<{ id: number }> => {
    const [row] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, id), visibleDsp(actor, customers.dspId)));
    if (!row) throw notFound(CUSTOMER_NOT_FOUND);
    return row;
  };

  /** The customer with its subscriptions and their plans, as a write answers it; the history records its fields. */
  const historyView = async (row: CustomerRow, tx: Tx): Promise<WithSecrets<Customer>> => ({
    item: await list.presentHeld<Customer>(row.id, ['entitlements', 'entitlements.plan'], tx),
    secrets: { password: row.passwordHash },
  });

  const customersEntitlements = (id: number) => sql`select ${entitlements.id} from ${entitlements} where ${entitlements.customerId} = ${id}`;

  /**
   * The write path on `conn`: the app's database, or an import's transaction (each write then runs
   * in a savepoint of it, so the import stays all or nothing).
   */
  const writesOn = (conn: Db) => defineWrites({
    db: conn,
    table: customers,
    id: customers.id,
    notFound: CUSTOMER_NOT_FOUND,
    // Its subscriptions go with it (on delete cascade), with their periods and status histories.
    keeps: [
      { table: entitlements, rows: (id) => eq(entitlements.customerId, id) },
      { table: entitlementPeriods, rows: (id) => sql`${entitlementPeriods.entitlementId} in (${customersEntitlements(id)})` },
      { table: entitlementStatusHistories, rows: (id) => sql`${entitlementStatusHistories.entitlementId} in (${customersEntitlements(id)})` },
    ],
    // A customer's password was only ever kept as a hash: a restored one sets it again by recovery.
    onRestore: () => ({ set: { password_hash: UNUSABLE_SECRET } }),
    restoreVisible: (row, actor) => assertVisibleDsp(db, actor, row.dsp_id as number),
    restoreNeeds: [{ constraint: 'customers_dsp_id_dsps_id_fk', field: 'dsp_id', message: RESTORE_GONE.customerDsp }],
    present: historyView,
    history,
    answer: itemWithoutSecrets,
    assertVisible: (id, actor) => find(id, actor),
    unique: CUSTOMER_UNIQUE,
    // A customer's bookings block their delete (counted in the 409); their subscriptions go with them.
    dependents: [{ table: bookings, column: bookings.customerId, noun: CUSTOMER_DEPENDENT_NOUNS.bookings }],
  });
  const writes = writesOn(db);

  /**
   * 422 on plan_id unless the DSP sells every one of `planIds`. The DSP's row is locked first, so
   * its plans cannot change between this check and the subscriptions written after it.
   */
  const assertSold = async (tx: Tx, dspId: number, planIds: number[]) => {
    if (planIds.length === 0) return;
    await tx.select({ id: dsps.id }).from(dsps).where(eq(dsps.id, dspId)).for('share');
    const sold = await tx.select({ planId: dspPlans.planId }).from(dspPlans).where(and(eq(dspPlans.dspId, dspId), anyOf(dspPlans.planId, planIds)));
    if (sold.length !== planIds.length) throw plansError();
  };

  /**
   * Makes the customer's held plans `planIds`: a new plan gets a subscription (ACTIVE, with its
   * period and first history row); a plan taken off has its subscription CANCELLED, whatever its
   * status, with a history row 'Plan quitado del cliente.' — never deleted, so its periods and
   * history stay. Plans kept are left as they are (even one the DSP no longer sells).
   */
  const syncPlans = async (tx: Tx, row: CustomerRow, planIds: number[], actor: Actor) => {
    const current = await tx
      .select()
      .from(entitlements)
      .where(and(eq(entitlements.customerId, row.id), ne(entitlements.status, 'CANCELLED')))
      .orderBy(asc(entitlements.id))
      .for('update');
    const held = new Set(current.map((entitlement) => entitlement.planId));
    const added = planIds.filter((planId) => !held.has(planId));
    await assertSold(tx, row.dspId, added);
    for (const entitlement of current) {
      if (!planIds.includes(entitlement.planId)) await changeEntitlementStatus(tx, actor, entitlement, 'CANCELLED', PLAN_REMOVED_REASON, true);
    }
    for (const planId of added) await openEntitlement(tx, actor, { customerId: row.id, dspId: row.dspId, planId });
  };

  /** A customer's update through `via` (the app's write path, or an import's in its transaction). */
  const applyUpdate = async (via: typeof writes, id: number, input: UpdateInput, actor: Actor, version?: number): Promise<Customer> => {
    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
    const planIds = input.plan_id;
    try {
      return await via.update(
        id,
        (before) => ({
          ...(input.dni !== undefined ? { dni: input.dni } : {}),
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.email !== undefined ? { email: input.email } : {}),
          ...(input.phone !== undefined ? { phone: input.phone } : {}),
          // meta merges: an address sent alone keeps the city.
          ...(input.meta !== undefined ? { meta: { ...metaOf(before), ...input.meta } } : {}),
          ...(passwordHash !== undefined ? { passwordHash } : {}),
        }),
        {},
        actor,
        { version, ...(planIds !== undefined && { alongside: (tx, row) => syncPlans(tx, row, planIds, actor) }) },
      );
    } catch (error) {
      if (foreignKeyViolation(error)) throw plansError();
      throw error;
    }
  };

  /**
   * New customers of an import, a batch at a time: the rows `create` writes one by one (the
   * customer, a subscription per plan with its period and status history, each one's history
   * entry), in a few statements per batch. The plans were checked against the DSP's.
   */
  const createMany = async (tx: Tx, dspId: number, rows: readonly ImportRow[], months: ReadonlyMap<number, number>, planNames: ReadonlyMap<number, string>, actor: Actor) => {
    const hashes = await hashAll(rows.map((row) => row.input.password));
    const created = (await insertMany(
      tx,
      customers,
      rows.map((row, index) => ({
        dspId,
        dni: row.input.dni!,
        name: row.input.name!,
        email: row.input.email!,
        phone: row.input.phone ?? null,
        meta: { address: row.input.meta?.address ?? null, city: row.input.meta?.city ?? null },
        passwordHash: hashes[index]!,
      })),
      [customers.id, customers.dni, customers.name, customers.email, customers.phone, customers.meta, customers.passwordHash, customers.createdAt, customers.updatedAt, customers.version],
    )) as unknown as CreatedRow[];
    const byDni = new Map(created.map((row) => [row.dni, row]));
    const subscriptions: { customerId: number; dspId: number; planId: number; label: string }[] = [];
    const entries: AuditEvent[] = [];
    for (const row of rows) {
      const customer = byDni.get(row.input.dni!)!;
      const planIds = [...new Set(row.input.plan_id ?? [])].sort((a, b) => a - b);
      for (const planId of planIds) subscriptions.push({ customerId: customer.id, dspId, planId, label: `${customer.name} · ${planNames.get(planId) ?? ''}` });
      const item: Customer = {
        id: customer.id,
        dsp_id: dspId,
        dni: customer.dni,
        name: customer.name,
        email: customer.email,
        phone: customer.phone,
        meta: { address: customer.meta.address ?? null, city: customer.meta.city ?? null },
        plan_id: planIds,
        created_at: new Date(customer.created_at).toISOString(),
        updated_at: new Date(customer.updated_at).toISOString(),
        version: customer.version,
      };
      const entry = history.entry({ before: null, after: { item, secrets: { password: customer.password_hash } } });
      if (entry) entries.push(entry);
    }
    await recordAudits(tx, actor, entries);
    await openEntitlements(tx, actor, subscriptions, months);
  };

  return {
    list,
    find,

    /** The condition of a list narrowed to one DSP's customers. */
    ofDsp: (dspId: number) => eq(customers.dspId, dspId),
    /** One page of a DSP's customers, as `actor` may see them (404 for a DSP that is not theirs). */
    /** A DSP's customers as `actor` may see them: its list's and its export's scope (404 for a DSP that is not theirs). */
    ofVisibleDsp: (dspId: number, actor: Actor) => visibleDspList(db, actor, { id: dspId, column: customers.dspId }),
    assertVisibleDsp: (dspId: number, actor: Actor) => assertVisibleDsp(db, actor, dspId),

    /**
     * The DSP's name and the plans it sells (by name), for whoever may see its customers: the
     * customer form offers these plans, and staff assigned to the DSP cannot read the DSP itself.
     */
    async dspPlans(dspId: number, actor: Actor): Promise<CustomerDspPlans> {
      await assertVisibleDsp(db, actor, dspId);
      const [dsp] = await db.select({ id: dsps.id, name: dsps.name }).from(dsps).where(eq(dsps.id, dspId));
      const sold = await db
        .select({ id: plans.id, name: plans.name, price: plans.price })
        .from(dspPlans)
        .innerJoin(plans, eq(plans.id, dspPlans.planId))
        .where(eq(dspPlans.dspId, dspId))
        .orderBy(sortableText(plans.name), asc(plans.id));
      return { id: dsp!.id, name: dsp!.name, plans: sold.map((plan) => ({ ...plan, price: numberOrNull(plan.price) })) };
    },

    /** Creates the customer and one subscription per plan, in one transaction: all of it, or nothing. */
    async create(dspId: number, input: CreateInput, actor: Actor): Promise<Customer> {
      await assertVisibleDsp(db, actor, dspId);
      const values = {
        dspId,
        dni: input.dni,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        meta: { address: input.meta?.address ?? null, city: input.meta?.city ?? null },
        passwordHash: await hashPassword(input.password),
      };
      try {
        return await writes.create(values, {}, actor, (tx, created) => syncPlans(tx, created, input.plan_id, actor));
      } catch (error) {
        if (foreignKeyViolation(error) === 'customers_dsp_id_dsps_id_fk') throw notFound(DSP_NOT_FOUND);
        if (foreignKeyViolation(error)) throw plansError();
        throw error;
      }
    },

    /** Changes the fields sent; `plan_id`, when sent, becomes the customer's held plans (see syncPlans). */
    async update(id: number, input: UpdateInput, actor: Actor, version?: number): Promise<Customer> {
      await find(id, actor);
      return applyUpdate(writes, id, input, actor, version);
    },

    /**
     * A DSP's customers from a CSV file (see import-file.ts and import-rows.ts): every row checked
     * first; then, unless `dryRun` or a row is refused (422 with the same answer in its data),
     * new customers created and existing ones (the same DNI in the DSP) updated in one transaction.
     */
    async import(dspId: number, file: UploadedFile, options: { mapping?: ImportMapping; dryRun: boolean }, actor: Actor): Promise<CustomerImportResult> {
      await assertVisibleDsp(db, actor, dspId);
      const sold = await db
        .select({ id: plans.id, name: plans.name, months: plans.commitmentMonths })
        .from(dspPlans)
        .innerJoin(plans, eq(plans.id, dspPlans.planId))
        .where(eq(dspPlans.dspId, dspId))
        .orderBy(asc(plans.id));
      const held = await db.select({ id: customers.id, dni: customers.dniFolded, email: customers.emailFolded }).from(customers).where(eq(customers.dspId, dspId));
      const check = await checkImport(readImportFile(file), options.mapping, {
        plans: sold,
        byDni: new Map(held.map((row) => [row.dni ?? '', row.id])),
        byEmail: new Map(held.map((row) => [row.email ?? '', row.id])),
      });
      const result: CustomerImportResult = {
        rows: check.rows,
        valid: check.rows - check.invalid,
        invalid: check.invalid,
        created: check.creates,
        updated: check.updates,
        errors: check.errors,
      };
      if (check.invalid > 0) {
        const message = IMPORT_MESSAGES.invalidRows(check.invalid);
        if (options.dryRun) return result;
        throw new AppError(422, message, { file: check.errors.slice(0, 100).map(rowErrorText) }, undefined, { ...result, created: 0, updated: 0 });
      }
      if (options.dryRun) return result;
      const months = new Map(sold.map((plan) => [plan.id, plan.months]));
      const planNames = new Map(sold.map((plan) => [plan.id, plan.name]));
      try {
        await db.transaction(async (tx) => {
          // The DSP's plans cannot change while its customers are written with them.
          const [dsp] = await tx.select({ name: dsps.name }).from(dsps).where(eq(dsps.id, dspId)).for('share');
          const creates = check.accepted.filter((row) => row.existingId === null);
          for (let start = 0; start < creates.length; start += IMPORT_BATCH) {
            await createMany(tx, dspId, creates.slice(start, start + IMPORT_BATCH), months, planNames, actor);
          }
          const inTx = writesOn(tx as unknown as Db);
          const updates = check.accepted.filter((row) => row.existingId !== null);
          const stored = await storedForImport(tx, updates.map((row) => row.existingId!));
          for (const row of updates) {
            // A row that says what the customer already holds writes nothing (as an update that changes nothing), without its savepoint.
            if (!changesCustomer(stored.get(row.existingId!), row.input)) continue;
            await applyUpdate(inTx, row.existingId!, row.input, actor);
          }
          await recordAudit(tx, actor, {
            action: 'import',
            resource: 'dsp',
            resourceId: dspId,
            label: dsp?.name ?? null,
            changes: [
              { field: 'rows', before: null, after: check.rows, secret: false },
              { field: 'created', before: null, after: check.creates, secret: false },
              { field: 'updated', before: null, after: check.updates, secret: false },
            ],
          });
        });
      } catch (error) {
        if (foreignKeyViolation(error)) throw plansError();
        throw constraintRefusal(error, { unique: CUSTOMER_UNIQUE });
      }
      return result;
    },

    remove: writes.remove,
    restorer: writes.restorer,
    deletion: writes.deletion,
  };
}

