import { RESTORE_GONE } from '@contract/restore';
import type { AuditAction } from '@contract/audit';
import {
  BOOKING_CHART_DAYS,
  BOOKING_DEFAULT_SORT,
  BOOKING_DETAIL_INCLUDES,
  BOOKING_FIELDS,
  BOOKING_INCLUDES,
  BOOKING_MESSAGES,
  BOOKING_NOT_FOUND,
  BOOKING_PAGE_SIZE,
  BOOKING_STATUSES,
  BOOKING_STATUS_LABELS,
  type BOOKING_SORTS,
  type Booking,
  type BookingDsp,
  type BookingStats,
  type BookingStatus,
  type BookingStreamEvent,
  type BookingSummary,
  booking,
  bookingMeta,
  bookingLimitReached,
  bookingTransitionRefusal,
  type bookingFields,
  type bookingStatusFields,
  type bookingUpdateFields,
} from '@contract/booking';
import { CUSTOMER_NOT_FOUND } from '@contract/customer.constants';
import type { EventPeriod } from '@contract/service.constants';
import { and, asc, count, eq, gte, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { anyOf } from '../../db/any-of';
import { auditTrail, recordAudits, storedFileName } from '../../db/audit-trail';
import type { Db, Tx } from '../../db/client';
import { foreignKeyViolation, uniqueViolation } from '../../db/errors';
import { assertVersion, defineWrites } from '../../db/record-writes';
import { statusHistories } from '../../db/status-history';
import { talliedRows } from '../../db/tallies';
import { bookingStatusHistories, bookings, customers, dsps, entitlements, plans, services } from '../../db/schema';
import { containsText, copyContains } from '../../db/sortable-text';
import type { Actor } from '../../http/actor';
import { csvTime } from '../../http/csv';
import { notFound, validationFailed } from '../../http/errors';
import { enumFilter, idFilter } from '../../http/filter-values';
import { defineItem, fileUrl, isoTime, jsonKeys, one, relatedContract, rowsOf, sameNamed } from '../../http/item-sql';
import { defineList, type ListCall } from '../../http/list';
import type { FileKind, UploadedFile } from '../../http/uploads';
import type { Storage } from '../../storage';
import { assertVisibleDsp, visibleDsp, visibleDspList } from '../customers/visibility';
import { notifyBookingChange, notifyBookingChanges } from './live';
import { CODE_ATTEMPTS, eventWindow, newBookingCode } from './rules';
import { addDays, dayIn, dayRange, dayStart, timeZoneOf } from './time-zone';

type CreateInput = z.output<typeof bookingFields> & { evidence_file?: UploadedFile; support_file?: UploadedFile };
type UpdateInput = z.output<typeof bookingUpdateFields> & { evidence_file?: UploadedFile; support_file?: UploadedFile };
type StatusInput = z.output<typeof bookingStatusFields>;

/** The DSP dropdown of the bookings screen lists at most this many. */
export const BOOKING_DSPS_MAX = 200;

/** Evidence and support: a photo or a scanned document. */
const BOOKING_FILE_KINDS: readonly FileKind[] = ['png', 'jpeg', 'gif', 'pdf'];
/** The keys of a booking's meta, each null when not stored. */
const META_KEYS = Object.keys(bookingMeta.shape) as (keyof typeof bookingMeta.shape)[];

/** A meta as it is stored: every key, null when not given. */
const storedMeta = (meta: Record<string, unknown> | null | undefined) => Object.fromEntries(META_KEYS.map((key) => [key, meta?.[key] ?? null]));

/** `include=customer`: who the booking is for, with the city and address of their meta. */
const customerItem = defineItem(relatedContract(booking, 'customer'), {
  table: customers,
  id: customers.id,
  fields: (customer) => ({
    ...sameNamed(customer, ['id', 'name', 'phone', 'dni', 'email']),
    meta: jsonKeys(customer.meta, relatedContract(booking, 'customer').shape.meta),
  }),
});

/** `include=plan` and `entitlement.plan`: the plan by its name. */
const planItem = defineItem(relatedContract(booking, 'plan'), { table: plans, id: plans.id, fields: (plan) => sameNamed(plan, ['id', 'name']) });

/** `include=dsp`: the DSP by its name. */
const dspItem = defineItem(relatedContract(booking, 'dsp'), { table: dsps, id: dsps.id, fields: (dsp) => sameNamed(dsp, ['id', 'name']) });

/** `include=entitlement`: the subscription the booking uses, its plan with `entitlement.plan`. */
const entitlementItem = defineItem(relatedContract(booking, 'entitlement'), {
  table: entitlements,
  id: entitlements.id,
  fields: (entitlement) => sameNamed(entitlement, ['id', 'status', 'plan_id']),
  relations: { plan: one(planItem, (plan, entitlement: typeof entitlements) => eq(plan.id, entitlement.planId)) },
});

/** `include=service`: the plan's service booked, with its event limit. */
const serviceItem = defineItem(relatedContract(booking, 'service'), {
  table: services,
  id: services.id,
  fields: (service) => sameNamed(service, ['id', 'name', 'event_limit', 'unlimited_events', 'event_period']),
});

/** A booking as the API answers it; its relations with `include` (status_histories on the detail). */
const bookingItem = defineItem(booking, {
  table: bookings,
  id: bookings.id,
  fields: (booking) => ({
    ...sameNamed(booking, ['id', 'code_ref', 'status']),
    scheduled_at: isoTime(booking.scheduledAt),
    confirmed_at: isoTime(booking.confirmedAt),
    cancelled_at: isoTime(booking.cancelledAt),
    consumed_at: isoTime(booking.consumedAt),
    ...sameNamed(booking, ['dsp_id', 'customer_id', 'entitlement_id', 'plan_service_id', 'plan_id', 'notes']),
    meta: jsonKeys(booking.meta, bookingMeta),
    evidence_file_url: fileUrl(booking.evidencePath),
    support_file_url: fileUrl(booking.supportPath),
    created_at: isoTime(booking.createdAt),
    updated_at: isoTime(booking.updatedAt),
    version: booking.version,
  }),
  relations: {
    customer: one(customerItem, (customer, booking: typeof bookings) => eq(customer.id, booking.customerId)),
    entitlement: one(entitlementItem, (entitlement, booking: typeof bookings) => eq(entitlement.id, booking.entitlementId)),
    plan: one(planItem, (plan, booking: typeof bookings) => eq(plan.id, booking.planId)),
    dsp: one(dspItem, (dsp, booking: typeof bookings) => eq(dsp.id, booking.dspId)),
    service: one(serviceItem, (service, booking: typeof bookings) => eq(service.id, booking.planServiceId)),
    status_histories: statusHistories(bookingStatusHistories, (entry) => entry.bookingId, (booking: typeof bookings) => booking.id),
  },
});

/** The booking on the change history: what staff set, files by their stored name. */
const trail = auditTrail({
  resource: 'booking',
  id: (item: Booking) => item.id,
  label: (item) => item.code_ref,
  fields: (item) => ({
    code_ref: item.code_ref,
    status: item.status,
    scheduled_at: item.scheduled_at,
    customer_id: item.customer_id,
    entitlement_id: item.entitlement_id,
    plan_service_id: item.plan_service_id,
    notes: item.notes,
    country: item.meta.country,
    city: item.meta.city,
    phone: item.meta.phone,
    address: item.meta.address,
    latitude: item.meta.latitude,
    longitude: item.meta.longitude,
    evidence_file: storedFileName(item.evidence_file_url),
    support_file: storedFileName(item.support_file_url),
  }),
});

/**
 * 422 on plan_service_id when the subscription's bookings of the service that are not cancelled,
 * inside the period containing `at`, already reach the service's limit. The caller holds the
 * subscription's row lock, so two bookings racing for the last slot are counted one after the other.
 */
async function assertEventLimit(
  tx: Tx,
  service: { id: number; eventLimit: number | null; unlimitedEvents: boolean; eventPeriod: EventPeriod | null },
  entitlementId: number,
  at: Date,
  exceptId?: number,
) {
  if (service.unlimitedEvents || service.eventLimit === null) return;
  const window = eventWindow(service.eventPeriod, at);
  const [{ total } = { total: 0 }] = await tx
    .select({ total: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.entitlementId, entitlementId),
        eq(bookings.planServiceId, service.id),
        ne(bookings.status, 'CANCELLED'),
        window.from ? gte(bookings.scheduledAt, window.from) : undefined,
        window.to ? lt(bookings.scheduledAt, window.to) : undefined,
        exceptId === undefined ? undefined : ne(bookings.id, exceptId),
      ),
    );
  if (total >= service.eventLimit) {
    const message = bookingLimitReached(total, service.eventLimit, window.label);
    throw validationFailed({ plan_service_id: [message] }, message);
  }
}

/**
 * Locks a subscription while its bookings are counted, before any booking row is written: two
 * bookings racing on one subscription queue one after the other. FOR NO KEY UPDATE, so another
 * transaction's key-share lock on it (a booking insert's foreign key) never turns into a deadlock;
 * a status change of the subscription (FOR UPDATE) still waits for it.
 */
const lockEntitlement = async (tx: Tx, id: number) => (await tx.select().from(entitlements).where(eq(entitlements.id, id)).for('no key update'))[0];
const serviceOf = async (conn: Db | Tx, id: number) =>
  (
    await conn
      .select({ id: services.id, planId: services.planId, isActive: services.isActive, eventLimit: services.eventLimit, unlimitedEvents: services.unlimitedEvents, eventPeriod: services.eventPeriod })
      .from(services)
      .where(eq(services.id, id))
  )[0];

/** The column a status stamps when a booking enters it. */
const STAMP: Partial<Record<BookingStatus, 'confirmedAt' | 'cancelledAt' | 'consumedAt'>> = {
  CONFIRMED: 'confirmedAt',
  CANCELLED: 'cancelledAt',
  CONSUMED: 'consumedAt',
};

export function createBookingService({ db, storage, log }: { db: Db; storage: Storage; log: FastifyBaseLogger }) {
  const dateFilter = (column: typeof bookings.scheduledAt | typeof bookings.createdAt) => (value: string, query: Record<string, unknown>) => {
    const { from, to } = dayRange(value, timeZoneOf(query));
    return and(gte(column, from), lt(column, to));
  };

  const list = defineList({
    db,
    shown: bookingItem,
    filters: {
      q: {
        description: 'Busca en el código y en el nombre, DNI y teléfono del cliente, sin distinguir mayúsculas ni tildes.',
        // The matching customers (of the path's DSP: a booking's customer is of its DSP) as an array
        // the planner computes first, so that both sides of the OR are index reads (the code's
        // trigrams, bookings_customer_idx) instead of a filter over every booking of the DSP.
        // A template, not drizzle's select builder, which costs more to build than the rest of the call.
        where: (value, _query, params) => {
          const dspId = Number(params.dspId);
          const matching = and(
            Number.isInteger(dspId) ? eq(customers.dspId, dspId) : undefined,
            or(copyContains(customers.nameFolded, value), copyContains(customers.dniFolded, value), copyContains(customers.phoneFolded, value)),
          );
          return or(containsText(bookings.codeRef, value), sql`${bookings.customerId} = any(array(select ${customers.id} from ${customers} where ${matching}))`);
        },
      },
      status: {
        description: `Estado: ${BOOKING_STATUSES.join(', ')}; varios separados por comas.`,
        where: (value) => anyOf(bookings.status, enumFilter('status', value, BOOKING_STATUSES)),
      },
      scheduled_at: {
        description: 'Día agendado AAAA-MM-DD, o rango AAAA-MM-DD,AAAA-MM-DD (inclusivo), en la zona horaria tz.',
        where: dateFilter(bookings.scheduledAt),
      },
      created_at: {
        description: 'Día de creación AAAA-MM-DD, o rango AAAA-MM-DD,AAAA-MM-DD (inclusivo), en la zona horaria tz.',
        where: dateFilter(bookings.createdAt),
      },
      customer_id: { description: 'Id del cliente.', where: (value) => eq(bookings.customerId, idFilter('customer_id', value)) },
    },
    sorts: {
      id: bookings.id,
      code_ref: bookings.codeRef,
      scheduled_at: bookings.scheduledAt,
      created_at: bookings.createdAt,
    } satisfies Record<(typeof BOOKING_SORTS)[number], unknown>,
    defaultSort: BOOKING_DEFAULT_SORT,
    defaultLimit: BOOKING_PAGE_SIZE,
    fields: BOOKING_FIELDS,
    extraQuery: { tz: 'Zona horaria IANA en que se leen los días (America/Bogota por defecto).' },
    includes: { list: BOOKING_INCLUDES, detail: BOOKING_DETAIL_INCLUDES },
    csv: {
      file: 'agendamientos',
      summary: 'Los agendamientos filtrados de una DSP, en CSV',
      includes: ['customer', 'plan', 'service'],
      timeZone: timeZoneOf,
      columns: [
        { header: 'Código', cell: (item) => item.code_ref },
        { header: 'Estado', cell: (item) => BOOKING_STATUS_LABELS[item.status] },
        { header: 'Fecha y hora', cell: (item, { timeZone }) => csvTime(item.scheduled_at, timeZone) },
        { header: 'Cliente', cell: (item) => item.customer?.name },
        { header: 'DNI', cell: (item) => item.customer?.dni },
        { header: 'Teléfono', cell: (item) => item.customer?.phone },
        { header: 'Plan', cell: (item) => item.plan?.name },
        { header: 'Servicio', cell: (item) => item.service?.name },
        { header: 'Notas', cell: (item) => item.notes },
        { header: 'Creado', cell: (item, { timeZone }) => csvTime(item.created_at, timeZone) },
      ],
    },
  });

  /** Every write's history entry and, in the same transaction, the live stream's announcement. */
  const history = {
    resource: trail.resource,
    async record(tx: Tx, actor: Actor, write: { before: Booking | null; after: Booking | null; action?: AuditAction }) {
      const entryId = await trail.record(tx, actor, write);
      const subject = (write.after ?? write.before)!;
      const kind: BookingStreamEvent['kind'] = write.before === null ? 'created' : write.after === null ? 'deleted' : 'updated';
      await notifyBookingChange(tx, { id: subject.id, dsp_id: subject.dsp_id, kind, status: write.after?.status ?? null });
      return entryId;
    },
  };

  const slot = (column: 'evidencePath' | 'supportPath', label: string) => ({ column, folder: 'bookings' as const, label, kinds: BOOKING_FILE_KINDS });

  /** A booking as a write answers it and its history reads it, in the write's transaction: with the list's relations. */
  const answered = (id: number, tx: Tx) => list.presentHeld<Booking>(id, BOOKING_INCLUDES, tx);

  const writes = defineWrites({
    db,
    storage,
    log,
    table: bookings,
    id: bookings.id,
    notFound: BOOKING_NOT_FOUND,
    keeps: [{ table: bookingStatusHistories, rows: (id) => eq(bookingStatusHistories.bookingId, id) }],
    restoreVisible: (row, actor) => assertVisibleDsp(db, actor, row.dsp_id as number),
    restoreNeeds: [
      { constraint: 'bookings_customer_id_customers_id_fk', field: 'customer_id', message: RESTORE_GONE.bookingCustomer },
      { constraint: 'bookings_dsp_id_dsps_id_fk', field: 'dsp_id', message: RESTORE_GONE.bookingDsp },
    ],
    present: (row, tx) => answered(row.id, tx),
    history,
    files: { evidence_file: slot('evidencePath', 'evidencia'), support_file: slot('supportPath', 'soporte') },
    assertVisible: (id, actor) => find(id, actor),
    // Status histories go with the booking (on delete cascade); nothing else points at one.
  });

  /** A booking `actor` may see, or 404 (another DSP's booking does not exist for them); its item is read by id. */
  const find = async (id: number, actor: Actor): Promise<{ id: number }> => {
    const [row] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.id, id), visibleDsp(actor, bookings.dspId)));
    if (!row) throw notFound(BOOKING_NOT_FOUND);
    return row;
  };

  /** The bookings of a DSP the query's filters keep. */
  const filtered = (dspId: number, query: Record<string, unknown>): SQL => {
    const filters = list.filtersOf(query, { dspId });
    return filters ? sql`${bookings.dspId} = ${dspId} and (${filters})` : sql`${bookings.dspId} = ${dspId}`;
  };

  const invalid = (field: string, message: string) => validationFailed({ [field]: [message] }, message);

  /** The `tz` of the query (400 when bad), once the DSP is known to exist for `actor` (else 404). */
  const prepare = async (dspId: number, query: Record<string, unknown>, actor: Actor): Promise<string> => {
    const timeZone = timeZoneOf(query);
    await assertVisibleDsp(db, actor, dspId);
    return timeZone;
  };

  /** How many bookings `where` keeps. A template: a select builder cost each counter request more CPU than its SQL. */
  const countBookings = async (where: SQL): Promise<number> =>
    rowsOf<{ total: number }>(await db.execute(sql`select count(*)::int as "total" from ${bookings} where ${where}`))[0]?.total ?? 0;

  /** A DSP's bookings without filters: how many, from the tallies (null when filters ask for counting). */
  const unfilteredTotal = (dspId: number) => async (filters: Record<string, string>) =>
    Object.keys(filters).length === 0 ? talliedRows(db, 'bookings', dspId) : null;

  type BookingRow = typeof bookings.$inferSelect;

  /**
   * Refuses moving the locked `row` to `to`: the rule of transitions (422 with the reason on
   * `status`); reopening a cancelled booking takes a slot again, so the event limit is checked
   * (under the subscription's lock). Only that last check reads the database.
   */
  const assertMove = async (tx: Tx, row: BookingRow, to: BookingStatus): Promise<void> => {
    const refusal = bookingTransitionRefusal(row.status, to);
    if (refusal) throw invalid('status', refusal);
    if (row.status === 'CANCELLED') {
      await lockEntitlement(tx, row.entitlementId);
      const service = await serviceOf(tx, row.planServiceId);
      if (service) await assertEventLimit(tx, service, row.entitlementId, row.scheduledAt, row.id);
    }
  };

  /**
   * Writes the move of the locked `rows` (each checked by `assertMove`) to `input.status`: entering
   * CONFIRMED, CANCELLED or CONSUMED stamps its time (now); going back to PENDING clears
   * confirmed_at and cancelled_at (it is to be confirmed again); consumed_at is never cleared. Each
   * booking gets its status-history row, its change-history entry and its announcement on the live
   * stream, in `tx`; one statement of each for all of them (a bulk call moves thousands).
   */
  const writeMoves = async (tx: Tx, rows: readonly BookingRow[], input: StatusInput, actor: Actor): Promise<void> => {
    if (rows.length === 0) return;
    const to = input.status;
    const reason = input.reason ?? null;
    const now = new Date();
    const stamp = STAMP[to];
    const set = {
      status: to,
      updatedAt: now,
      ...(stamp ? { [stamp]: now } : {}),
      ...(to === 'PENDING' ? { confirmedAt: null, cancelledAt: null } : {}),
    };
    const ids = rows.map((row) => row.id);
    await tx.update(bookings).set(set).where(anyOf(bookings.id, ids));
    await tx.insert(bookingStatusHistories).values(rows.map((row) => ({ bookingId: row.id, oldStatus: row.status, newStatus: to, reason, changedBy: actor.userId })));
    await recordAudits(
      tx,
      actor,
      rows.map((row) => ({
        action: 'update' as const,
        resource: 'booking' as const,
        resourceId: row.id,
        label: row.codeRef,
        changes: [
          { field: 'status', before: row.status, after: to, secret: false },
          ...(reason === null ? [] : [{ field: 'reason', before: null, after: reason, secret: false }]),
        ],
      })),
    );
    await notifyBookingChanges(tx, rows.map((row) => ({ id: row.id, dsp_id: row.dspId, kind: 'status' as const, status: to })));
  };

  /** The bookings of `ids` `actor` may see, locked for the move, in id order (two calls lock alike: no deadlock). */
  const lockVisible = (tx: Tx, ids: readonly number[], actor: Actor) =>
    tx
      .select()
      .from(bookings)
      .where(and(anyOf(bookings.id, ids), visibleDsp(actor, bookings.dspId)))
      .orderBy(asc(bookings.id))
      .for('update');

  return {
    list,
    find,
    prepare,

    /**
     * A DSP's bookings as `actor` may see them, the scope of its list and its export: the `tz`
     * checked first (400), then the DSP (404 for one that is not theirs).
     */
    ofVisibleDsp: (dspId: number, query: Record<string, unknown>, actor: Actor): ListCall => {
      timeZoneOf(query);
      return { ...visibleDspList(db, actor, { id: dspId, column: bookings.dspId }), exactTotal: unfilteredTotal(dspId) };
    },

    /**
     * Books a service of the customer's subscription at this DSP. Checked here: the customer is
     * the DSP's, the subscription is that customer's here, the service is one of its plan's and
     * active. Checked under the subscription's row lock: it is ACTIVE and the event limit of the
     * period is not reached. Starts PENDING with its first history row, in one transaction.
     */
    async create(dspId: number, input: CreateInput, actor: Actor): Promise<Booking> {
      await assertVisibleDsp(db, actor, dspId);
      const [customer] = await db.select({ id: customers.id, dspId: customers.dspId }).from(customers).where(eq(customers.id, input.customer_id));
      if (!customer || customer.dspId !== dspId) throw invalid('customer_id', BOOKING_MESSAGES.customerNotOfDsp);
      const [entitlement] = await db.select().from(entitlements).where(eq(entitlements.id, input.entitlement_id));
      if (!entitlement || entitlement.customerId !== customer.id || entitlement.dspId !== dspId) throw invalid('entitlement_id', BOOKING_MESSAGES.entitlementNotOfCustomer);
      const service = await serviceOf(db, input.plan_service_id);
      if (!service || service.planId !== entitlement.planId) throw invalid('plan_service_id', BOOKING_MESSAGES.serviceNotOfPlan);
      if (!service.isActive) throw invalid('plan_service_id', BOOKING_MESSAGES.serviceInactive);
      const scheduledAt = new Date(input.scheduled_at);
      const meta = storedMeta(input.meta);

      for (let attempt = 1; ; attempt++) {
        try {
          return await writes.create(
            {
              codeRef: newBookingCode(),
              status: 'PENDING',
              scheduledAt,
              dspId,
              customerId: customer.id,
              entitlementId: entitlement.id,
              planServiceId: service.id,
              planId: entitlement.planId,
              notes: input.notes ?? null,
              meta,
            },
            { evidence_file: input.evidence_file, support_file: input.support_file },
            actor,
            async (tx, created) => {
              await tx.insert(bookingStatusHistories).values({ bookingId: created.id, oldStatus: null, newStatus: 'PENDING', reason: null, changedBy: actor.userId });
            },
            // Under the subscription's lock, taken before the insert: ACTIVE, and a slot left.
            async (tx) => {
              const locked = await lockEntitlement(tx, entitlement.id);
              if (!locked || locked.status !== 'ACTIVE') throw invalid('entitlement_id', BOOKING_MESSAGES.entitlementNotActive);
              await assertEventLimit(tx, service, entitlement.id, scheduledAt);
            },
          );
        } catch (error) {
          // Two equal codes out of 31^8 are unlikely; drawing again is enough.
          if (uniqueViolation(error) === 'bookings_code_ref_unique' && attempt < CODE_ATTEMPTS) continue;
          // The customer, subscription or service deleted between the checks and the write.
          if (foreignKeyViolation(error) === 'bookings_customer_id_customers_id_fk') throw notFound(CUSTOMER_NOT_FOUND);
          if (foreignKeyViolation(error)) throw invalid('entitlement_id', BOOKING_MESSAGES.entitlementNotOfCustomer);
          throw error;
        }
      }
    },

    /**
     * Changes the time, notes, meta (merged key by key) and files. A consumed booking is final:
     * 422. A new time inside another period is checked against the event limit again (unless the
     * booking is cancelled, which holds no slot).
     */
    async update(id: number, input: UpdateInput, actor: Actor, version?: number): Promise<Booking> {
      await find(id, actor);
      return writes.update(
        id,
        async (before, tx) => {
          if (before.status === 'CONSUMED') throw invalid('status', BOOKING_MESSAGES.consumedNotEditable);
          const scheduledAt = input.scheduled_at === undefined ? undefined : new Date(input.scheduled_at);
          if (scheduledAt && before.status !== 'CANCELLED' && scheduledAt.getTime() !== before.scheduledAt.getTime()) {
            await lockEntitlement(tx, before.entitlementId);
            const service = await serviceOf(tx, before.planServiceId);
            if (service) await assertEventLimit(tx, service, before.entitlementId, scheduledAt, before.id);
          }
          return {
            ...(scheduledAt !== undefined ? { scheduledAt } : {}),
            ...(input.notes !== undefined ? { notes: input.notes } : {}),
            ...(input.meta !== undefined ? { meta: { ...storedMeta(before.meta as Record<string, unknown>), ...input.meta } } : {}),
            // Files alone are still a change of the booking.
            ...(input.evidence_file || input.support_file ? { updatedAt: new Date() } : {}),
          };
        },
        { evidence_file: input.evidence_file, support_file: input.support_file },
        actor,
        { version },
      );
    },

    /**
     * `PATCH /api/v1/bookings/{id}/status`: moves the booking under its row lock (`assertMove`,
     * `writeMoves`) and answers it with its relations, in one transaction.
     */
    async changeStatus(id: number, input: StatusInput, actor: Actor, version?: number): Promise<Booking> {
      await find(id, actor);
      return db.transaction(async (tx) => {
        const [row] = await lockVisible(tx, [id], actor);
        if (!row) throw notFound(BOOKING_NOT_FOUND);
        await assertVersion(row, version, () => answered(id, tx));
        await assertMove(tx, row, input.status);
        await writeMoves(tx, [row], input, actor);
        return answered(id, tx);
      });
    },

    /**
     * The status change of a chunk of a bulk call, in its transaction `tx`: each booking judged by
     * the same rules under its own row lock (one `actor` may not see is not found); one reopened
     * from CANCELLED, whose event limit counts the bookings moved before it, is checked and written
     * in its own savepoint; the rest are written together. Answers the refusal of each booking left as it was.
     */
    async bulkStatus(tx: Tx, ids: readonly number[], input: StatusInput, actor: Actor): Promise<Map<number, unknown>> {
      const refused = new Map<number, unknown>();
      const rows = await lockVisible(tx, ids, actor);
      const found = new Set(rows.map((row) => row.id));
      for (const id of ids) if (!found.has(id)) refused.set(id, notFound(BOOKING_NOT_FOUND));
      const moving: BookingRow[] = [];
      for (const row of rows) {
        try {
          if (row.status === 'CANCELLED') {
            await tx.transaction(async (savepoint) => {
              await assertMove(savepoint, row, input.status);
              await writeMoves(savepoint, [row], input, actor);
            });
          } else {
            await assertMove(tx, row, input.status);
            moving.push(row);
          }
        } catch (error) {
          refused.set(row.id, error);
        }
      }
      await writeMoves(tx, moving, input, actor);
      return refused;
    },

    remove: writes.remove,
    restorer: writes.restorer,
    deletion: writes.deletion,

    /** `total`: the bookings the filters keep; `today`: of the same filters but the scheduled day, those scheduled today in `tz`. */
    async summary(dspId: number, query: Record<string, unknown>, actor: Actor): Promise<BookingSummary> {
      const timeZone = await prepare(dspId, query, actor);
      const today = dayIn(new Date(), timeZone);
      const [from, to] = [dayStart(today, timeZone), dayStart(addDays(today, 1), timeZone)].map((at) => at.toISOString());
      // Both counters follow every filter, the day included: a day other than today has none today.
      const todayWhere = sql`${filtered(dspId, query)} and ${bookings.scheduledAt} >= ${from}::timestamptz and ${bookings.scheduledAt} < ${to}::timestamptz`;
      const [total, ofToday] = await Promise.all([
        unfilteredTotal(dspId)(list.filtersIn(query)).then(async (known) => known ?? (await countBookings(filtered(dspId, query)))),
        countBookings(todayWhere),
      ]);
      return { total, today: ofToday, date: today };
    },

    /** Bookings per day of `scheduled_at` in `tz` and status, the BOOKING_CHART_DAYS days to today, every day listed. */
    async stats(dspId: number, query: Record<string, unknown>, actor: Actor): Promise<BookingStats> {
      const timeZone = await prepare(dspId, query, actor);
      const last = dayIn(new Date(), timeZone);
      const first = addDays(last, -(BOOKING_CHART_DAYS - 1));
      // Counted per quarter hour (every zone's offset is a multiple of 15 minutes), then each
      // quarter put on its day in JavaScript: no dependence on the database's time zone data.
      const quarter = sql<number>`floor(extract(epoch from ${bookings.scheduledAt}) / 900)::bigint`;
      const rows = await db
        .select({ quarter, status: bookings.status, total: count() })
        .from(bookings)
        .where(and(eq(bookings.dspId, dspId), gte(bookings.scheduledAt, dayStart(first, timeZone)), lt(bookings.scheduledAt, dayStart(addDays(last, 1), timeZone))))
        .groupBy(quarter, bookings.status);
      const days = Array.from({ length: BOOKING_CHART_DAYS }, (_, index) => ({ date: addDays(first, index), PENDING: 0, CONFIRMED: 0, CANCELLED: 0, CONSUMED: 0 }));
      const byDate = new Map(days.map((day) => [day.date, day]));
      for (const row of rows) {
        const day = byDate.get(dayIn(Number(row.quarter) * 900_000, timeZone));
        if (day) day[row.status] += row.total;
      }
      return { days };
    },

    /** The DSPs taking bookings (BOOKING or MIXED) `actor` may see, by name. */
    async bookingDsps(actor: Actor): Promise<BookingDsp[]> {
      const rows = await db
        .select({ id: dsps.id, name: dsps.name, type: dsps.type })
        .from(dsps)
        .where(and(anyOf(dsps.type, ['BOOKING', 'MIXED']), visibleDsp(actor, dsps.id)))
        .orderBy(asc(dsps.nameFolded), asc(dsps.id))
        .limit(BOOKING_DSPS_MAX);
      return rows.map((row) => ({ id: row.id, name: row.name, type: row.type as BookingDsp['type'] }));
    },

    /** The history's scope check: 404 unless `actor` may see the booking. */
    visibleBooking: find,
  };
}
