import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ENTITLEMENT_STATUSES, PAYMENT_METHODS } from '../../../contract/entitlement.constants';
import { copySearchIndex, foldedCopy, foldedName } from '../sortable-text';
import { users } from './auth';
import { dsps } from './dsps';
import { plans } from './plans';
import { recordColumns } from './record-columns';

export const entitlementStatus = pgEnum('entitlement_status', ENTITLEMENT_STATUSES);

/**
 * A DSP's customers. DNI and e-mail are unique within the DSP (compared trimmed, ignoring case and
 * accents; the e-mail is also stored lower-cased); another DSP may have the same person. A DSP
 * with customers is not deleted.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    dspId: integer('dsp_id')
      .notNull()
      .references(() => dsps.id, { onDelete: 'restrict' }),
    dni: text('dni').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    /** {address, city}, each a string or null. */
    meta: jsonb('meta').notNull().default({}),
    /** scrypt, as staff passwords; never answered. */
    passwordHash: text('password_hash').notNull(),
    // Folded copies of the searched text: the customers a frequent surname finds (thousands, for a
    // customer, sale or booking search) are checked against these, not folded again.
    nameFolded: foldedCopy('name_folded', 'name'),
    dniFolded: foldedCopy('dni_folded', 'dni'),
    emailFolded: foldedCopy('email_folded', 'email'),
    phoneFolded: foldedCopy('phone_folded', 'phone'),
    ...recordColumns,
  },
  (table) => [
    uniqueIndex('customers_dsp_dni_unique').using('btree', table.dspId, foldedName(table.dni)),
    uniqueIndex('customers_dsp_email_unique').using('btree', table.dspId, foldedName(table.email)),
    index('customers_dsp_created_at_idx').on(table.dspId, table.createdAt, table.id),
    copySearchIndex('customers_name_search_idx', table.nameFolded),
    copySearchIndex('customers_dni_search_idx', table.dniFolded),
    copySearchIndex('customers_email_search_idx', table.emailFolded),
    copySearchIndex('customers_phone_search_idx', table.phoneFolded),
    index('customers_dsp_name_sort_idx').on(table.dspId, table.nameFolded, table.id),
    check('customers_meta_object_check', sql`jsonb_typeof(${table.meta}) = 'object'`),
  ],
);

/**
 * A customer's subscription to one plan the DSP sells. A customer holds at most one subscription
 * of a plan that is not cancelled (a cancelled one is final; subscribing again makes a new one).
 */
export const entitlements = pgTable(
  'entitlements',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    dspId: integer('dsp_id')
      .notNull()
      .references(() => dsps.id, { onDelete: 'restrict' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    status: entitlementStatus('status').notNull().default('ACTIVE'),
    /** How the subscription was paid (efectivo, tarjeta, transferencia, cheque); null when not recorded. */
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }),
    ...recordColumns,
  },
  (table) => [
    index('entitlements_customer_idx').on(table.customerId),
    index('entitlements_dsp_status_idx').on(table.dspId, table.status),
    // A plan's subscriptions (its foreign key), and the sales totals counted per plan by status from
    // the index alone, where /ventas' status filter read and hashed every subscription.
    index('entitlements_plan_status_idx').on(table.planId, table.status),
    // Sales read subscriptions newest first, within the DSPs a person sees.
    index('entitlements_created_at_idx').on(table.createdAt, table.id),
    // /ventas filtered by payment method alone, newest first.
    index('entitlements_payment_method_created_at_idx').on(table.paymentMethod, table.createdAt, table.id),
    check('entitlements_payment_method_check', sql`${table.paymentMethod} is null or ${table.paymentMethod} in ('efectivo', 'tarjeta', 'transferencia', 'cheque')`),
    uniqueIndex('entitlements_customer_plan_current_unique').on(table.customerId, table.planId).where(sql`${table.status} <> 'CANCELLED'`),
  ],
);

/** The stretches of time a subscription covers; at most one open at a time. */
export const entitlementPeriods = pgTable(
  'entitlement_periods',
  {
    id: serial('id').primaryKey(),
    entitlementId: integer('entitlement_id')
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    state: entitlementStatus('state').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    isOpen: boolean('is_open').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('entitlement_periods_entitlement_idx').on(table.entitlementId),
    uniqueIndex('entitlement_periods_one_open_unique').on(table.entitlementId).where(sql`${table.isOpen}`),
  ],
);

/** Every status change of a subscription: from, to, why and who, written with the change. */
export const entitlementStatusHistories = pgTable(
  'entitlement_status_histories',
  {
    id: serial('id').primaryKey(),
    entitlementId: integer('entitlement_id')
      .notNull()
      .references(() => entitlements.id, { onDelete: 'cascade' }),
    /** Null on the first row, written when the subscription is created. */
    oldStatus: entitlementStatus('old_status'),
    newStatus: entitlementStatus('new_status').notNull(),
    reason: text('reason'),
    /** The staff member who made the change; null once they are deleted. */
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('entitlement_status_histories_entitlement_idx').on(table.entitlementId, table.createdAt)],
);
