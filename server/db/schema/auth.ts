import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { copySearchIndex, foldedCopy, sortIndex } from '../sortable-text';
import { countries } from './countries';
import { recordColumns } from './record-columns';


export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    dni: text('dni'),
    name: text('name').notNull(),
    /** Stored lower-cased, so the unique index is case-insensitive in effect. */
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'set null' }),
    ...recordColumns,
    // Folded copies of the searched text: the rows a frequent term's trigrams find are checked
    // against the copies, not folded again, which was most of such a search's count.
    nameFolded: foldedCopy('name_folded', 'name'),
    emailFolded: foldedCopy('email_folded', 'email'),
    dniFolded: foldedCopy('dni_folded', 'dni'),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_dni_unique').on(table.dni),
    index('users_created_at_idx').on(table.createdAt, table.id),
    index('users_country_idx').on(table.countryId),
    copySearchIndex('users_name_search_idx', table.nameFolded),
    copySearchIndex('users_email_search_idx', table.emailFolded),
    copySearchIndex('users_dni_search_idx', table.dniFolded),
    sortIndex('users_name_sort_idx', table.name, { id: table.id }),
    // The staff pickers list the active people by name.
    sortIndex('users_active_name_sort_idx', table.name, { id: table.id, within: table.isActive }),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    ...recordColumns,
  },
  (table) => [uniqueIndex('roles_slug_unique').on(table.slug)],
);

export const permissions = pgTable(
  'permissions',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    area: text('area').notNull(),
    label: text('label').notNull(),
  },
  (table) => [uniqueIndex('permissions_name_unique').on(table.name)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.roleId] }), index('user_roles_role_idx').on(table.roleId)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.roleId, table.permissionId] })],
);

/** Bearer tokens, stored as SHA-256 hashes: a leaked table grants nothing. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Updated at most once a minute, so most requests write nothing. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** The browser's User-Agent at sign-in (cut to a bounded length), shown as the device in 'Mi cuenta'. */
    userAgent: text('user_agent'),
    /** The client address at sign-in. */
    address: text('address'),
  },
  (table) => [uniqueIndex('sessions_token_hash_unique').on(table.tokenHash), index('sessions_user_idx').on(table.userId)],
);

/**
 * One-time secrets: sign-in codes, recovery codes and the short-lived permission to set a new
 * password that a verified recovery code grants. Stored hashed; `attempts` counts wrong tries.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['login', 'recovery', 'password_reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('one_time_codes_user_purpose_idx').on(table.userId, table.purpose, table.createdAt)],
);

/** Fixed-window counters for rate limits; in the database so several instances share them. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] }), index('rate_limit_hits_window_idx').on(table.windowStart)],
);

/** "At most once per period" rules (a code resend): `until` is when the key may act again. */
export const cooldowns = pgTable('cooldowns', {
  key: text('key').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});

/**
 * A staff member's authenticator app (TOTP). The secret is sealed with the connectors' key;
 * `confirmedAt` is null while an enrolment waits for its first code. `lastStep` is the 30-second
 * step of the last code accepted, so a code is used once.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The ten one-time recovery codes of an authenticator app, stored hashed; `usedAt` once spent. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('totp_recovery_codes_user_idx').on(table.userId)],
);
