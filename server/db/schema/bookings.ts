import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES } from '../../../contract/booking.constants';
import { searchIndex } from '../sortable-text';
import { users } from './auth';
import { customers, entitlements } from './customers';
import { dsps } from './dsps';
import { plans } from './plans';
import { services } from './services';
import { recordColumns } from './record-columns';

export const bookingStatus = pgEnum('booking_status', BOOKING_STATUSES);

/**
 * A customer's booking of one service of the plan they hold at a DSP. It is made against an ACTIVE
 * subscription; `plan_id` copies the subscription's plan so lists need no join to show it. A
 * customer with bookings is not deleted, nor a service that was booked.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    /** 'AG-' and eight characters without look-alikes; unique. */
    codeRef: text('code_ref').notNull(),
    status: bookingStatus('status').notNull().default('PENDING'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    dspId: integer('dsp_id')
      .notNull()
      .references(() => dsps.id, { onDelete: 'restrict' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    entitlementId: integer('entitlement_id')
      .notNull()
      .references(() => entitlements.id, { onDelete: 'restrict' }),
    planServiceId: integer('plan_service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    notes: text('notes'),
    /** {country, city, phone, address, latitude, longitude}, each null when not given. */
    meta: jsonb('meta').notNull().default({}),
    evidencePath: text('evidence_path'),
    supportPath: text('support_path'),
    ...recordColumns,
  },
  (table) => [
    uniqueIndex('bookings_code_ref_unique').on(table.codeRef),
    searchIndex('bookings_code_ref_search_idx', table.codeRef),
    index('bookings_dsp_created_at_idx').on(table.dspId, table.createdAt, table.id),
    index('bookings_dsp_scheduled_at_idx').on(table.dspId, table.scheduledAt, table.id),
    index('bookings_customer_idx').on(table.customerId),
    // The event limit counts a subscription's bookings of one service.
    index('bookings_entitlement_service_idx').on(table.entitlementId, table.planServiceId, table.scheduledAt),
    index('bookings_service_idx').on(table.planServiceId),
    check('bookings_meta_object_check', sql`jsonb_typeof(${table.meta}) = 'object'`),
  ],
);

/** Every status change of a booking: from, to, why and who, written with the change. */
export const bookingStatusHistories = pgTable(
  'booking_status_histories',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** Null on the first row, written when the booking is created. */
    oldStatus: bookingStatus('old_status'),
    newStatus: bookingStatus('new_status').notNull(),
    reason: text('reason'),
    /** The staff member who made the change; null once they are deleted. */
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('booking_status_histories_booking_idx').on(table.bookingId, table.createdAt)],
);
