import { CUSTOMER_NOT_FOUND } from '@contract/customer.constants';
import {
  ENTITLEMENT_MESSAGES,
  ENTITLEMENT_STATUSES,
  ENTITLEMENT_NOT_FOUND,
  type EntitlementDetail,
  entitlement,
  entitlementPeriod,
  type EntitlementStatus,
  type PaymentMethod,
  entitlementTransitionRefusal,
  type entitlementFields,
} from '@contract/entitlement';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit, recordAudits, type AuditEvent } from '../../db/audit-trail';
import type { Db, Tx } from '../../db/client';
import { insertMany } from '../../db/insert-many';
import { assertVersion } from '../../db/record-writes';
import { foreignKeyViolation, uniqueViolation } from '../../db/errors';
import { statusHistories } from '../../db/status-history';
import { customers, dspPlans, dsps, entitlementPeriods, entitlementStatusHistories, entitlements, plans } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { conflict, notFound, validationFailed } from '../../http/errors';
import { defineItem, isoTime, many, one, presenterOf, presentItems, relatedContract, sameNamed } from '../../http/item-sql';
import { enumFilter, idFilter } from '../../http/filter-values';
import { defineList } from '../../http/list';
import { anyOf } from '../../db/any-of';
import { assertVisibleDsp, visibleDsp } from '../customers/visibility';

export type EntitlementRow = typeof entitlements.$inferSelect;
type CreateInput = z.output<typeof entitlementFields>;

/** `months` after `from`, in UTC (31 January + 1 month is 3 March, as JavaScript counts). */
const addMonths = (from: Date, months: number) => {
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
};

/** A stretch of time a subscription covers. */
const periodItem = defineItem(entitlementPeriod, {
  table: entitlementPeriods,
  id: entitlementPeriods.id,
  fields: (period) => ({
    ...sameNamed(period, ['id', 'state']),
    starts_at: isoTime(period.startsAt),
    ends_at: isoTime(period.endsAt),
    is_open: period.isOpen,
  }),
});

/** A plan as a subscription's `plan` shows it. */
const planRef = defineItem(relatedContract(entitlement, 'plan'), { table: plans, id: plans.id, fields: (plan) => sameNamed(plan, ['id', 'name']) });

/**
 * A subscription as the API answers it: a customer's `include=entitlements` and the subscription's
 * own reads and writes. Plan ({id, name}), periods (oldest first) and status history (newest
 * first) as relations.
 */
export const entitlementItem = defineItem(entitlement, {
  table: entitlements,
  id: entitlements.id,
  fields: (entitlement) => ({
    ...sameNamed(entitlement, ['id', 'customer_id', 'dsp_id', 'plan_id', 'status', 'payment_method']),
    created_at: isoTime(entitlement.createdAt),
    updated_at: isoTime(entitlement.updatedAt),
    version: entitlement.version,
  }),
  relations: {
    plan: one(planRef, (plan, entitlement: typeof entitlements) => eq(plan.id, entitlement.planId)),
    periods: many(periodItem, (period, entitlement: typeof entitlements) => eq(period.entitlementId, entitlement.id), (period) => [period.startsAt, period.id]),
    status_histories: statusHistories(entitlementStatusHistories, (entry) => entry.entitlementId, (entitlement: typeof entitlements) => entitlement.id),
  },
});

/** What a subscription's own reads and writes answer: with its plan, periods and status history. */
const DETAIL_INCLUDES = ['plan', 'periods', 'status_histories'];
const presentEntitlements = presenterOf(entitlementItem);

/** A subscription on the change history: its customer and plan, and each status change with its reason. */
const label = async (tx: Tx, row: EntitlementRow) => {
  const [found] = await tx
    .select({ customer: customers.name, plan: plans.name })
    .from(customers)
    .innerJoin(plans, eq(plans.id, row.planId))
    .where(eq(customers.id, row.customerId));
  return found ? `${found.customer} · ${found.plan}` : null;
};

/** The history entry of a subscription just opened. */
const openedEvent = (row: Pick<EntitlementRow, 'id' | 'customerId' | 'planId' | 'paymentMethod'>, label: string | null): AuditEvent => ({
  action: 'create',
  resource: 'entitlement',
  resourceId: row.id,
  label,
  changes: [
    { field: 'customer_id', before: null, after: row.customerId, secret: false },
    { field: 'plan_id', before: null, after: row.planId, secret: false },
    { field: 'status', before: null, after: 'ACTIVE', secret: false },
    ...(row.paymentMethod === null ? [] : [{ field: 'payment_method', before: null, after: row.paymentMethod, secret: false }]),
  ],
});

/**
 * `openEntitlement` for many new customers at once (an import), in a few statements per thousand:
 * the same rows, periods, status history and history entries. `months` are each plan's months of
 * commitment; `label` names each subscription as its history does ('María Gómez · Plan Hogar').
 */
export async function openEntitlements(
  tx: Tx,
  actor: Actor,
  inputs: readonly { customerId: number; dspId: number; planId: number; label: string }[],
  months: ReadonlyMap<number, number>,
): Promise<void> {
  const now = new Date();
  for (let start = 0; start < inputs.length; start += 1000) {
    const chunk = inputs.slice(start, start + 1000);
    const rows = (await insertMany(
      tx,
      entitlements,
      chunk.map(({ customerId, dspId, planId }) => ({ customerId, dspId, planId, status: 'ACTIVE' as const })),
      [entitlements.id, entitlements.customerId, entitlements.planId],
    )).map((row) => ({ id: row.id as number, customerId: row.customer_id as number, planId: row.plan_id as number, paymentMethod: null }));
    const labels = new Map(chunk.map((input) => [`${input.customerId}:${input.planId}`, input.label]));
    await insertMany(
      tx,
      entitlementPeriods,
      rows.map((row) => ({ entitlementId: row.id, state: 'ACTIVE' as const, startsAt: now, endsAt: addMonths(now, months.get(row.planId) ?? 1), isOpen: true })),
    );
    await insertMany(
      tx,
      entitlementStatusHistories,
      rows.map((row) => ({ entitlementId: row.id, oldStatus: null, newStatus: 'ACTIVE' as const, reason: null, changedBy: actor.userId })),
    );
    await recordAudits(tx, actor, rows.map((row) => openedEvent(row, labels.get(`${row.customerId}:${row.planId}`) ?? null)));
  }
}

/**
 * Subscribes a customer to a plan, inside the caller's transaction: ACTIVE, one open period from
 * now to the end of the plan's commitment months, and its first history row (null → ACTIVE) by
 * `actor`. The caller has checked that the DSP sells the plan.
 */
export async function openEntitlement(
  tx: Tx,
  actor: Actor,
  input: { customerId: number; dspId: number; planId: number; paymentMethod?: PaymentMethod | null },
): Promise<EntitlementRow> {
  const [plan] = await tx.select({ months: plans.commitmentMonths }).from(plans).where(eq(plans.id, input.planId));
  const now = new Date();
  let row: EntitlementRow;
  try {
    // The partial unique index refuses a second current subscription of a plan, even from a racing write.
    [row] = (await tx.insert(entitlements).values({ ...input, status: 'ACTIVE' }).returning()) as [EntitlementRow];
  } catch (error) {
    if (uniqueViolation(error) === 'entitlements_customer_plan_current_unique') throw conflict(ENTITLEMENT_MESSAGES.planTaken, { plan_id: [ENTITLEMENT_MESSAGES.planTaken] });
    throw error;
  }
  await tx.insert(entitlementPeriods).values({ entitlementId: row.id, state: 'ACTIVE', startsAt: now, endsAt: addMonths(now, plan?.months ?? 1), isOpen: true });
  await tx.insert(entitlementStatusHistories).values({ entitlementId: row.id, oldStatus: null, newStatus: 'ACTIVE', reason: null, changedBy: actor.userId });
  await recordAudit(tx, actor, openedEvent(row, await label(tx, row)));
  return row;
}

/**
 * Moves a locked subscription to `to`, inside the caller's transaction, with its history row (who,
 * why) and its change-history entry. Refused with 422 when the rule of transitions does not allow
 * it, unless `force` (a plan taken off the customer cancels its subscription whatever its status).
 * Leaving ACTIVE closes the open period (ending now if it was to end later); entering ACTIVE opens
 * a new one, from now to the end of the plan's commitment months.
 */
export async function changeEntitlementStatus(
  tx: Tx,
  actor: Actor,
  row: EntitlementRow,
  to: EntitlementStatus,
  reason: string | null,
  force = false,
): Promise<void> {
  const refusal = entitlementTransitionRefusal(row.status, to);
  if (refusal && !(force && row.status !== to)) throw validationFailed({ status: [refusal] }, refusal);
  const now = new Date();
  await tx
    .update(entitlementPeriods)
    .set({ isOpen: false, state: to, endsAt: sql`least(${entitlementPeriods.endsAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(entitlementPeriods.entitlementId, row.id), eq(entitlementPeriods.isOpen, true)));
  if (to === 'ACTIVE') {
    const [plan] = await tx.select({ months: plans.commitmentMonths }).from(plans).where(eq(plans.id, row.planId));
    await tx.insert(entitlementPeriods).values({ entitlementId: row.id, state: 'ACTIVE', startsAt: now, endsAt: addMonths(now, plan?.months ?? 1), isOpen: true });
  }
  await tx.update(entitlements).set({ status: to }).where(eq(entitlements.id, row.id));
  await tx.insert(entitlementStatusHistories).values({ entitlementId: row.id, oldStatus: row.status, newStatus: to, reason, changedBy: actor.userId });
  await recordAudit(tx, actor, {
    action: 'update',
    resource: 'entitlement',
    resourceId: row.id,
    label: await label(tx, row),
    changes: [
      { field: 'status', before: row.status, after: to, secret: false },
      ...(reason === null ? [] : [{ field: 'reason', before: null, after: reason, secret: false }]),
    ],
  });
}

export function createEntitlementService({ db }: { db: Db }) {
  /**
   * A DSP's subscriptions as a bulk call chooses them by filter: the list's filters (the route
   * narrows it to the path's DSP and to what the caller sees).
   */
  const list = defineList({
    db,
    shown: entitlementItem,
    filters: {
      status: {
        description: `Estado: ${ENTITLEMENT_STATUSES.join(', ')}; varios separados por comas.`,
        where: (value) => anyOf(entitlements.status, enumFilter('status', value, ENTITLEMENT_STATUSES)),
      },
      customer_id: { description: 'Id del cliente.', where: (value) => eq(entitlements.customerId, idFilter('customer_id', value)) },
      plan_id: { description: 'Id del plan.', where: (value) => eq(entitlements.planId, idFilter('plan_id', value)) },
    },
    sorts: { id: entitlements.id, created_at: entitlements.createdAt },
    defaultSort: '-created_at',
  });

  /** A subscription `actor` may see, or 404. */
  const find = async (id: number, actor: Actor): Promise<EntitlementRow> => {
    const [row] = await db
      .select()
      .from(entitlements)
      .where(and(eq(entitlements.id, id), visibleDsp(actor, entitlements.dspId)));
    if (!row) throw notFound(ENTITLEMENT_NOT_FOUND);
    return row;
  };

  /** The subscription with its plan, periods and status history. */
  const detail = async (id: number, conn: Db | Tx = db): Promise<EntitlementDetail> => {
    const [found] = await presentItems<EntitlementDetail>(conn, [id], presentEntitlements({ fields: null, includes: DETAIL_INCLUDES }));
    if (!found) throw notFound(ENTITLEMENT_NOT_FOUND);
    return found;
  };

  return {
    list,

    async get(id: number, actor: Actor): Promise<EntitlementDetail> {
      await find(id, actor);
      return detail(id);
    },

    /**
     * Subscribes a customer of the DSP to a plan it sells. 404 for a DSP or customer `actor` may
     * not see; 422 when the customer is another DSP's or the DSP does not sell the plan; 409 when
     * the customer already holds the plan (a subscription that is not cancelled).
     */
    async create(input: CreateInput, actor: Actor): Promise<EntitlementDetail> {
      await assertVisibleDsp(db, actor, input.dsp_id);
      const [customer] = await db
        .select({ id: customers.id, dspId: customers.dspId })
        .from(customers)
        .where(and(eq(customers.id, input.customer_id), visibleDsp(actor, customers.dspId)));
      if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
      if (customer.dspId !== input.dsp_id) throw validationFailed({ customer_id: [ENTITLEMENT_MESSAGES.customerNotOfDsp] });
      let row: EntitlementRow;
      try {
        row = await db.transaction(async (tx) => {
          // The DSP's row is locked so its plans cannot change between the check and the write.
          await tx.select({ id: dsps.id }).from(dsps).where(eq(dsps.id, input.dsp_id)).for('share');
          const [sold] = await tx
            .select({ planId: dspPlans.planId })
            .from(dspPlans)
            .where(and(eq(dspPlans.dspId, input.dsp_id), eq(dspPlans.planId, input.plan_id)));
          if (!sold) throw validationFailed({ plan_id: [ENTITLEMENT_MESSAGES.planNotOfDsp] });
          return openEntitlement(tx, actor, { customerId: customer.id, dspId: input.dsp_id, planId: input.plan_id, paymentMethod: input.payment_method ?? null });
        });
      } catch (error) {
        // The customer deleted between the check and the insert: gone, as a 404 says.
        if (foreignKeyViolation(error) === 'entitlements_customer_id_customers_id_fk') throw notFound(CUSTOMER_NOT_FOUND);
        throw error;
      }
      return detail(row.id);
    },

    /** Changes the status by the rule of transitions, with its history row, in one transaction. */
    async changeStatus(id: number, input: { status: EntitlementStatus; reason?: string | null }, actor: Actor, version?: number): Promise<EntitlementDetail> {
      await find(id, actor);
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(entitlements).where(eq(entitlements.id, id)).for('update');
        if (!row) throw notFound(ENTITLEMENT_NOT_FOUND);
        await assertVersion(row, version, () => detail(id, tx));
        await changeEntitlementStatus(tx, actor, row, input.status, input.reason ?? null);
      });
      return detail(id);
    },
  };
}
