import { RESTORE_GONE } from '@contract/restore';
import {
  SPONSOR_DEFAULT_SORT,
  SPONSOR_FIELDS,
  SPONSOR_INCLUDES,
  SPONSOR_MESSAGES,
  SPONSOR_NOT_FOUND,
  SPONSOR_PAGE_SIZE,
  type SPONSOR_SORTS,
  type Sponsor,
  sponsor,
  type sponsorFields,
} from '@contract/sponsor';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { auditTrail, storedFileName } from '../../db/audit-trail';
import { defineWrites } from '../../db/record-writes';
import { campaigns, sponsors } from '../../db/schema';
import { copyContains } from '../../db/sortable-text';
import type { Actor } from '../../http/actor';
import { notFound } from '../../http/errors';
import { idFilter } from '../../http/filter-values';
import { defineItem, fileUrl, isoTime, sameNamed } from '../../http/item-sql';
import { csvTime } from '../../http/csv';
import { defineList } from '../../http/list';
import type { UploadedFile } from '../../http/uploads';
import type { Storage } from '../../storage';
import { countryRelation } from '../countries/service';

export type SponsorRow = typeof sponsors.$inferSelect;
type SponsorInput = z.output<typeof sponsorFields> & { logo?: UploadedFile };

export { SPONSOR_NOT_FOUND };

/** A sponsor as the API answers it (its country comes with `include=country`). */
export const sponsorItem = defineItem(sponsor, {
  table: sponsors,
  id: sponsors.id,
  fields: (sponsor) => ({
    ...sameNamed(sponsor, ['id', 'name', 'country_id']),
    logo_url: fileUrl(sponsor.logoPath),
    website_url: sponsor.websiteUrl,
    website: sponsor.websiteUrl,
    created_at: isoTime(sponsor.createdAt),
    updated_at: isoTime(sponsor.updatedAt),
    version: sponsor.version,
  }),
  relations: { country: countryRelation((sponsor: typeof sponsors) => sponsor.countryId) },
});

const history = auditTrail({
  resource: 'sponsor',
  id: (item: Sponsor) => item.id,
  label: (item) => item.name,
  fields: (item) => ({ name: item.name, website: item.website, country_id: item.country_id, logo: storedFileName(item.logo_url) }),
});

export function createSponsorService({ db, storage, log }: { db: Db; storage: Storage; log: FastifyBaseLogger }) {
  const list = defineList({
    db,
    shown: sponsorItem,
    filters: {
      q: { description: 'Busca en el nombre, sin distinguir mayúsculas ni tildes.', where: (value) => copyContains(sponsors.nameFolded, value) },
      country_id: { description: 'Id del país.', where: (value) => eq(sponsors.countryId, idFilter('country_id', value)) },
    },
    sorts: { id: sponsors.id, name: sponsors.nameFolded, created_at: sponsors.createdAt } satisfies Record<(typeof SPONSOR_SORTS)[number], unknown>,
    defaultSort: SPONSOR_DEFAULT_SORT,
    defaultLimit: SPONSOR_PAGE_SIZE,
    fields: SPONSOR_FIELDS,
    includes: { list: SPONSOR_INCLUDES },
    csv: {
      file: 'sponsors',
      summary: 'Los sponsors filtrados, en CSV',
      includes: ['country'],
      columns: [
        { header: 'ID', cell: (item) => item.id },
        { header: 'Nombre', cell: (item) => item.name },
        { header: 'País', cell: (item) => item.country?.name },
        { header: 'Sitio web', cell: (item) => item.website_url },
        { header: 'Creado', cell: (item, { timeZone }) => csvTime(item.created_at, timeZone) },
        { header: 'Actualizado', cell: (item, { timeZone }) => csvTime(item.updated_at, timeZone) },
      ],
    },
  });

  const find = async (id: number): Promise<SponsorRow> => {
    const [row] = await db.select().from(sponsors).where(eq(sponsors.id, id));
    if (!row) throw notFound(SPONSOR_NOT_FOUND);
    return row;
  };

  const writes = defineWrites({
    db,
    storage,
    log,
    table: sponsors,
    id: sponsors.id,
    notFound: SPONSOR_NOT_FOUND,
    restoreNeeds: [{ constraint: 'sponsors_country_id_countries_id_fk', field: 'country_id', message: RESTORE_GONE.sponsorCountry }],
    // With the relations a write answers: its country.
    present: (row, tx) => list.presentHeld<Sponsor>(row.id, ['country'], tx),
    history,
    files: { logo: { column: 'logoPath', folder: 'sponsors', label: 'logo' } },
    dependents: [{ table: campaigns, column: campaigns.sponsorId, noun: ['campaña', 'campañas'] }],
    unique: [{ field: 'name', index: 'sponsors_name_unique', message: SPONSOR_MESSAGES.nameTaken }],
    references: [{ constraint: 'sponsors_country_id_countries_id_fk', field: 'country_id', message: SPONSOR_MESSAGES.countryMissing }],
  });

  return {
    list,
    find,

    async create(input: SponsorInput, actor: Actor): Promise<Sponsor> {
      const values = { name: input.name, countryId: input.country_id, websiteUrl: input.website_url ?? null };
      return writes.create(values, { logo: input.logo }, actor);
    },

    async update(id: number, input: Partial<SponsorInput>, actor: Actor, version?: number): Promise<Sponsor> {
      const changes = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.country_id !== undefined ? { countryId: input.country_id } : {}),
        ...(input.website_url !== undefined ? { websiteUrl: input.website_url } : {}),
      };
      return writes.update(id, changes, { logo: input.logo }, actor, { version });
    },

    remove: writes.remove,
    restorer: writes.restorer,
    deletion: writes.deletion,
  };
}
