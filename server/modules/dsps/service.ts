import { UNUSABLE_SECRET } from '../../db/record-writes';
import { RESTORE_GONE } from '@contract/restore';
import {
  DSP_DEFAULT_SORT,
  DSP_DEPENDENT_NOUNS,
  DSP_FIELDS,
  DSP_INCLUDES,
  DSP_MESSAGES,
  DSP_NOT_FOUND,
  DSP_PAGE_SIZE,
  type DSP_SORTS,
  DSP_STAFF_DEFAULT_SORT,
  DSP_STAFF_FIELDS,
  DSP_STAFF_LIMIT,
  DSP_STAFF_PAGE_SIZE,
  type DSP_STAFF_SORTS,
  DSP_TYPES,
  type Dsp,
  dsp,
  dspPlanMappedMessage,
  type dspFields,
  dspPlanRef,
  dspStaffMember,
  dspStaffRef,
  type DspStaffMember,
} from '@contract/dsp';
import { and, eq, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { anyOf } from '../../db/any-of';
import { auditTrail, storedFileName } from '../../db/audit-trail';
import type { Db, Tx } from '../../db/client';
import { foreignKeyViolation } from '../../db/errors';
import { defineWrites } from '../../db/record-writes';
import { apiClients, campaigns, connectorPlans, connectors, customers, dspPlans, dsps, dspUsers, plans, users } from '../../db/schema';
import { copyContains, sortableText } from '../../db/sortable-text';
import type { Actor } from '../../http/actor';
import { notFound, validationFailed } from '../../http/errors';
import { booleanFilter, enumFilter, idFilter } from '../../http/filter-values';
import { defineItem, fileUrl, isoTime, many, one, presenterOf, presentItems, sameNamed } from '../../http/item-sql';
import { DSP_TYPE_LABELS } from '@contract/dsp.constants';
import { csvTime, csvYesNo } from '../../http/csv';
import { defineList, type ListCall, type ListFilter } from '../../http/list';
import type { UploadedFile } from '../../http/uploads';
import type { Storage } from '../../storage';
import { countryRelation } from '../countries/service';
import { assertVisibleDsp, visibleDsp } from '../customers/visibility';
import { sponsorItem } from '../sponsors/service';
import { roleNamesOf } from '../users/service';

type DspRow = typeof dsps.$inferSelect;
type CreateInput = z.output<typeof dspFields> & { image?: UploadedFile };
type UpdateInput = Partial<CreateInput>;

/** A person as the DSP's staff and the staff picker show them: with their role names. */
const staffItem = defineItem(dspStaffMember, {
  table: users,
  id: users.id,
  fields: (person) => ({ ...sameNamed(person, ['id', 'name', 'email', 'dni']), rol: roleNamesOf(person.id) }),
});

/** A person as a DSP's `users` names them. */
const staffRefItem = defineItem(dspStaffRef, { table: users, id: users.id, fields: (person) => sameNamed(person, ['id', 'name']) });

/** A staff change answers the DSP's whole staff, each person in full. */
const staffPresenter = presenterOf(staffItem)({ fields: null, includes: [] });

/** The staff lists' search (the picker's and a DSP's). */
const staffSearch: ListFilter = {
  description: 'Busca en nombre, email y DNI, sin distinguir mayúsculas ni tildes.',
  where: (value) => or(copyContains(users.nameFolded, value), copyContains(users.emailFolded, value), copyContains(users.dniFolded, value)),
};

/** A DSP as every answer shows it; its country, sponsor, plans and staff come with `include`. */
/** A plan as a DSP's `plans` shows it. */
const planRef = defineItem(dspPlanRef, { table: plans, id: plans.id, fields: (plan) => sameNamed(plan, ['id', 'name', 'campaign_id']) });

const dspItem = defineItem(dsp, {
  table: dsps,
  id: dsps.id,
  fields: (dsp) => ({
    ...sameNamed(dsp, ['id', 'name', 'type', 'country_id', 'sponsor_id', 'website_url', 'address', 'phone_primary', 'phone_secondary', 'email_primary', 'settings', 'enabled']),
    image_url: fileUrl(dsp.imagePath),
    image_path: fileUrl(dsp.imagePath),
    created_at: isoTime(dsp.createdAt),
    updated_at: isoTime(dsp.updatedAt),
    version: dsp.version,
  }),
  relations: {
    country: countryRelation((dsp: typeof dsps) => dsp.countryId),
    sponsor: one(sponsorItem, (sponsor, dsp: typeof dsps) => eq(sponsor.id, dsp.sponsorId), ['id', 'name']),
    /** The plans it sells, by id. */
    plans: many(
      planRef,
      (plan, row: typeof dsps) => sql`${plan.id} in (select ${dspPlans.planId} from ${dspPlans} where ${dspPlans.dspId} = ${row.id})`,
      (plan) => [plan.id],
    ),
    /**
     * Its staff by name, id and name only (the rest is its staff list's), on the stored folded
     * copy (the same value as sortableText(name)): a page of DSPs holds a thousand staff.
     */
    users: many(
      staffRefItem,
      (person, row: typeof dsps) => sql`${person.id} in (select ${dspUsers.userId} from ${dspUsers} where ${dspUsers.dspId} = ${row.id})`,
      (person) => [person.nameFolded, person.id],
    ),
  },
});

/** A DSP as its history reads it: its fields, and the ids of its plans and staff. */
type DspRecord = Dsp & { plan_ids: number[]; user_ids: number[] };

const history = auditTrail({
  resource: 'dsp',
  id: (item: DspRecord) => item.id,
  label: (item) => item.name,
  fields: (item) => ({
    name: item.name,
    type: item.type,
    country_id: item.country_id,
    sponsor_id: item.sponsor_id,
    website_url: item.website_url,
    address: item.address,
    phone_primary: item.phone_primary,
    phone_secondary: item.phone_secondary,
    email_primary: item.email_primary,
    settings: JSON.stringify(item.settings),
    enabled: item.enabled,
    image: storedFileName(item.image_url),
    plans: item.plan_ids,
    users: item.user_ids,
  }),
});

export { DSP_NOT_FOUND };

const plansError = (message: string) => validationFailed({ plans: [message] }, message);

export function createDspService({ db, storage, log }: { db: Db; storage: Storage; log: FastifyBaseLogger }) {
  const list = defineList({
    db,
    shown: dspItem,
    filters: {
      q: { description: 'Busca en el nombre, sin distinguir mayúsculas ni tildes.', where: (value) => copyContains(dsps.nameFolded, value) },
      type: {
        description: `Uno o varios tipos separados por comas: ${DSP_TYPES.join(', ')}.`,
        where: (value) => anyOf(dsps.type, enumFilter('type', value, DSP_TYPES)),
      },
      enabled: { description: '1/0/true/false.', where: (value) => eq(dsps.enabled, booleanFilter('enabled', value)) },
      country_id: { description: 'Id del país.', where: (value) => eq(dsps.countryId, idFilter('country_id', value)) },
      sponsor_id: { description: 'Id del sponsor.', where: (value) => eq(dsps.sponsorId, idFilter('sponsor_id', value)) },
    },
    sorts: { id: dsps.id, name: dsps.nameFolded, created_at: dsps.createdAt } satisfies Record<(typeof DSP_SORTS)[number], unknown>,
    defaultSort: DSP_DEFAULT_SORT,
    defaultLimit: DSP_PAGE_SIZE,
    fields: DSP_FIELDS,
    includes: { list: DSP_INCLUDES },
    csv: {
      file: 'dsps',
      summary: 'Las DSP filtradas, en CSV',
      includes: ['sponsor', 'country'],
      columns: [
        { header: 'ID', cell: (item) => item.id },
        { header: 'Nombre', cell: (item) => item.name },
        { header: 'Tipo', cell: (item) => DSP_TYPE_LABELS[item.type] },
        { header: 'Sponsor', cell: (item) => item.sponsor?.name },
        { header: 'País', cell: (item) => item.country?.name },
        { header: 'Email', cell: (item) => item.email_primary },
        { header: 'Teléfono', cell: (item) => item.phone_primary },
        { header: 'Teléfono secundario', cell: (item) => item.phone_secondary },
        { header: 'Dirección', cell: (item) => item.address },
        { header: 'Sitio web', cell: (item) => item.website_url },
        { header: 'Habilitada', cell: (item) => csvYesNo(item.enabled) },
        { header: 'Creado', cell: (item, { timeZone }) => csvTime(item.created_at, timeZone) },
      ],
    },
  });

  /** The staff picker: active people only, alphabetical. */
  const staff = defineList({
    db,
    shown: staffItem,
    filters: { q: staffSearch },
    sorts: { name: sortableText(users.name) },
    defaultSort: 'name',
    defaultLimit: DSP_STAFF_LIMIT,
    maxLimit: DSP_STAFF_LIMIT,
  });

  /** One DSP's staff (the configuration's Usuarios tab), alphabetical; `staffOf` narrows it to the DSP. */
  const dspStaff = defineList({
    db,
    shown: staffItem,
    filters: { q: staffSearch },
    sorts: { name: sortableText(users.name) } satisfies Record<(typeof DSP_STAFF_SORTS)[number], unknown>,
    defaultSort: DSP_STAFF_DEFAULT_SORT,
    defaultLimit: DSP_STAFF_PAGE_SIZE,
    maxLimit: DSP_STAFF_LIMIT,
    fields: DSP_STAFF_FIELDS,
  });

  /**
   * The DSP as its history reads it, with the ids of its plans and staff, and with every relation
   * the configuration screen shows: a write answers it without the ids.
   */
  const record = async (tx: Tx, id: number): Promise<DspRecord> => {
    const item = await list.presentHeld<Dsp>(id, DSP_INCLUDES, tx);
    return { ...item, plan_ids: item.plans!.map((plan) => plan.id), user_ids: item.users!.map((person) => person.id).sort((a, b) => a - b) };
  };

  const find = async (id: number): Promise<DspRow> => {
    const [row] = await db.select().from(dsps).where(eq(dsps.id, id));
    if (!row) throw notFound(DSP_NOT_FOUND);
    return row;
  };

  /**
   * Replaces the DSP's plans; every one must be a plan of its sponsor's campaigns, and none its
   * connectors map may go (422 on plans).
   */
  const replacePlans = async (tx: Tx, dspId: number, sponsorId: number, planIds: number[]) => {
    const found = await tx
      .select({ id: plans.id })
      .from(plans)
      .innerJoin(campaigns, eq(campaigns.id, plans.campaignId))
      .where(and(anyOf(plans.id, planIds), eq(campaigns.sponsorId, sponsorId)));
    if (found.length !== planIds.length) throw plansError(DSP_MESSAGES.plansNotOfSponsor);
    const [stranded] = await tx
      .select({ plan: plans.name, key: connectors.key })
      .from(connectorPlans)
      .innerJoin(connectors, eq(connectors.id, connectorPlans.connectorId))
      .innerJoin(plans, eq(plans.id, connectorPlans.planId))
      .where(and(eq(connectors.dspId, dspId), notInArray(connectorPlans.planId, planIds)))
      .limit(1);
    if (stranded) throw plansError(dspPlanMappedMessage(stranded.plan, stranded.key));
    await tx.delete(dspPlans).where(eq(dspPlans.dspId, dspId));
    await tx.insert(dspPlans).values(planIds.map((planId) => ({ dspId, planId })));
  };

  /** A plan deleted between the check and the write is refused by its foreign key: 422 like one of another sponsor. */
  const gonePlan = (error: unknown) => (foreignKeyViolation(error) === 'dsp_plans_plan_id_plans_id_fk' ? plansError(DSP_MESSAGES.plansNotOfSponsor) : error);

  const writes = defineWrites({
    db,
    storage,
    log,
    table: dsps,
    id: dsps.id,
    notFound: DSP_NOT_FOUND,
    // What its delete takes with it comes back with it: its plans, staff, connectors with their plan
    // maps, and API clients, whose secrets do not (each needs a new one: 'Generar secreto').
    keeps: [
      { table: dspPlans, rows: (id) => eq(dspPlans.dspId, id) },
      { table: dspUsers, rows: (id) => eq(dspUsers.dspId, id) },
      { table: connectors, rows: (id) => eq(connectors.dspId, id) },
      { table: connectorPlans, rows: (id) => sql`${connectorPlans.connectorId} in (select ${connectors.id} from ${connectors} where ${connectors.dspId} = ${id})` },
      { table: apiClients, rows: (id) => eq(apiClients.dspId, id), reset: { client_secret_hash: UNUSABLE_SECRET } },
    ],
    restoreNeeds: [
      { constraint: 'dsps_sponsor_id_sponsors_id_fk', field: 'sponsor_id', message: RESTORE_GONE.dspSponsor },
      { constraint: 'dsps_country_id_countries_id_fk', field: 'country_id', message: RESTORE_GONE.dspCountry },
    ],
    present: (row, tx) => record(tx, row.id),
    history,
    answer: (_row, _tx, { plan_ids: _plans, user_ids: _users, ...dsp }): Dsp => dsp,
    files: { image: { column: 'imagePath', folder: 'dsps', label: 'imagen' } },
    // A DSP with customers keeps them (their subscriptions and personal data): 409 that counts them.
    dependents: [{ table: customers, column: customers.dspId, noun: DSP_DEPENDENT_NOUNS.customers }],
    unique: [{ field: 'name', index: 'dsps_name_unique', message: DSP_MESSAGES.nameTaken }],
    references: [
      { constraint: 'dsps_sponsor_id_sponsors_id_fk', field: 'sponsor_id', message: DSP_MESSAGES.sponsorMissing },
      { constraint: 'dsps_country_id_countries_id_fk', field: 'country_id', message: DSP_MESSAGES.countryMissing },
    ],
  });

  /** The optional columns an input sets; absent fields are left out (an update keeps them). */
  const optionalColumns = (input: UpdateInput) => ({
    ...(input.website_url !== undefined ? { websiteUrl: input.website_url } : {}),
    ...(input.address !== undefined ? { address: input.address } : {}),
    ...(input.phone_primary !== undefined ? { phonePrimary: input.phone_primary } : {}),
    ...(input.phone_secondary !== undefined ? { phoneSecondary: input.phone_secondary } : {}),
    ...(input.email_primary !== undefined ? { emailPrimary: input.email_primary } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
  });

  /**
   * Changes the DSP's staff in one transaction, recorded in its history: `change` adds or removes
   * rows, after the DSP's row is locked so two changes at once are recorded one after the other.
   */
  const changeStaff = async (id: number, actor: Actor, change: (tx: Tx) => Promise<void>) => {
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx.select().from(dsps).where(eq(dsps.id, id)).for('no key update');
        if (!row) throw notFound(DSP_NOT_FOUND);
        const before = await record(tx, row.id);
        await change(tx);
        const after = await record(tx, row.id);
        await history.record(tx, actor, { before, after });
        return presentItems<DspStaffMember>(tx, after.users!.map((person) => person.id), staffPresenter);
      });
    } catch (error) {
      // A person deleted between the check and the insert.
      if (foreignKeyViolation(error)) throw validationFailed({ users: [DSP_MESSAGES.usersMissing] });
      throw error;
    }
  };

  return {
    list,
    staff,
    dspStaff,
    find,

    async create(input: CreateInput, actor: Actor): Promise<Dsp> {
      const values = {
        name: input.name,
        type: input.type,
        countryId: input.country_id,
        sponsorId: input.sponsor_id,
        settings: input.settings,
        websiteUrl: null,
        address: null,
        phonePrimary: null,
        phoneSecondary: null,
        emailPrimary: null,
        enabled: true,
        ...optionalColumns(input),
      };
      try {
        return await writes.create(values, { image: input.image }, actor, (tx, created) => replacePlans(tx, created.id, created.sponsorId, input.plans));
      } catch (error) {
        throw gonePlan(error);
      }
    },

    async update(id: number, input: UpdateInput, actor: Actor, version?: number): Promise<Dsp> {
      const planIds = input.plans;
      try {
        return await writes.update(
          id,
          // Checked on the locked row: a missing DSP answers 404 first.
          (before) => {
            if (input.sponsor_id !== undefined && input.sponsor_id !== before.sponsorId) {
              throw validationFailed({ sponsor_id: [DSP_MESSAGES.sponsorLocked] }, DSP_MESSAGES.sponsorLocked);
            }
            return {
              ...(input.name !== undefined ? { name: input.name } : {}),
              ...(input.type !== undefined ? { type: input.type } : {}),
              ...(input.country_id !== undefined ? { countryId: input.country_id } : {}),
              ...(input.settings !== undefined ? { settings: input.settings } : {}),
              ...optionalColumns(input),
            };
          },
          { image: input.image },
          actor,
          { version, ...(planIds !== undefined && { alongside: (tx, row) => replacePlans(tx, row.id, row.sponsorId, planIds) }) },
        );
      } catch (error) {
        throw gonePlan(error);
      }
    },

    remove: writes.remove,
    restorer: writes.restorer,
    deletion: writes.deletion,

    /** Assigns active people to the DSP (those already assigned stay); unknown or inactive ids are a 422 on users. */
    assignStaff: (id: number, userIds: number[], actor: Actor) =>
      changeStaff(id, actor, async (tx) => {
        const found = await tx.select({ id: users.id }).from(users).where(and(anyOf(users.id, userIds), eq(users.isActive, true)));
        const known = new Set(found.map((user) => user.id));
        const missing = userIds.filter((userId) => !known.has(userId));
        if (missing.length > 0) throw validationFailed({ users: [`${DSP_MESSAGES.usersMissing}: ${missing.join(', ')}.`] });
        await tx
          .insert(dspUsers)
          .values(userIds.map((userId) => ({ dspId: id, userId })))
          .onConflictDoNothing();
      }),

    /** Takes the people off the DSP; ids not assigned to it are ignored. */
    removeStaff: (id: number, userIds: number[], actor: Actor) =>
      changeStaff(id, actor, async (tx) => {
        await tx.delete(dspUsers).where(and(eq(dspUsers.dspId, id), anyOf(dspUsers.userId, userIds)));
      }),

    /** The staff list's rows: active people only. */
    activeStaff: () => eq(users.isActive, true),

    /**
     * One DSP's staff as `actor` may see it: a page with rows proves the DSP is theirs, and only an
     * empty page checks it (404 'La DSP no existe.', as its detail answers).
     */
    staffOf: (dspId: number, actor: Actor): ListCall => ({
      scope: sql`${users.id} in (select ${dspUsers.userId} from ${dspUsers} where ${and(eq(dspUsers.dspId, dspId), visibleDsp(actor, dspUsers.dspId))})`,
      whenEmpty: () => assertVisibleDsp(db, actor, dspId),
    }),
  };
}
