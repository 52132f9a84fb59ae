import {
  SPONSOR_DEFAULT_SORT,
  SPONSOR_FIELDS,
  SPONSOR_INCLUDES,
  SPONSOR_MESSAGES,
  SPONSOR_PAGE_SIZE,
  type SPONSOR_SORTS,
  type Sponsor,
  sponsor,
  type sponsorFields,
} from '@contract/sponsor';
import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { foreignKeyViolation } from '../../db/errors';
import { campaigns, sponsors } from '../../db/schema';
import { containsText, sortableText } from '../../db/sortable-text';
import { conflict, notFound, validationFailed } from '../../http/errors';
import { idFilter } from '../../http/filter-values';
import { defineList } from '../../http/list';
import type { UploadedFile } from '../../http/uploads';
import { discardFiles, storeImage, type Storage } from '../../storage';
import { countryExists, countryInclude } from '../countries/service';

export type SponsorRow = typeof sponsors.$inferSelect;
type SponsorInput = z.output<typeof sponsorFields> & { logo?: UploadedFile };

const NOT_FOUND = 'El sponsor no existe.';

const campaignWord = (total: number) => (total === 1 ? '1 campaña' : `${total} campañas`);

/** A sponsor as the API answers it (its country comes with `include=country`). */
export const presentSponsor = (row: SponsorRow, storage: Storage) => ({
  id: row.id,
  name: row.name,
  country_id: row.countryId,
  logo_url: row.logoPath ? storage.url(row.logoPath) : null,
  website_url: row.websiteUrl,
  website: row.websiteUrl,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export function createSponsorService({ db, storage, log }: { db: Db; storage: Storage; log: FastifyBaseLogger }) {
  const list = defineList({
    db,
    item: sponsor,
    table: sponsors,
    select: () => db.select().from(sponsors).$dynamic(),
    id: sponsors.id,
    filters: {
      q: { description: 'Busca en el nombre, sin distinguir mayúsculas ni tildes.', where: (value) => containsText(sponsors.name, value) },
      country_id: { description: 'Id del país.', where: (value) => eq(sponsors.countryId, idFilter('country_id', value)) },
    },
    sorts: { id: sponsors.id, name: sortableText(sponsors.name), created_at: sponsors.createdAt } satisfies Record<(typeof SPONSOR_SORTS)[number], unknown>,
    defaultSort: SPONSOR_DEFAULT_SORT,
    defaultLimit: SPONSOR_PAGE_SIZE,
    fields: SPONSOR_FIELDS,
    includes: { list: SPONSOR_INCLUDES, load: { country: countryInclude(db, (row: SponsorRow) => row.countryId) } },
    present: (rows) => rows.map((row) => presentSponsor(row, storage)),
  });

  /** A sponsor as a write answers it: with its country. */
  const withCountry = async (row: SponsorRow) => (await list.present([row], ['country']))[0] as Sponsor;

  const checkCountry = async (countryId: number | undefined) => {
    if (countryId !== undefined && !(await countryExists(db, countryId))) throw validationFailed({ country_id: [SPONSOR_MESSAGES.countryMissing] });
  };

  const find = async (id: number): Promise<SponsorRow> => {
    const [row] = await db.select().from(sponsors).where(eq(sponsors.id, id));
    if (!row) throw notFound(NOT_FOUND);
    return row;
  };

  return {
    list,
    find,

    async create(input: SponsorInput): Promise<Sponsor> {
      await checkCountry(input.country_id);
      const logoPath = input.logo ? await storeImage(storage, input.logo, 'sponsors', 'logo') : null;
      let row: SponsorRow;
      try {
        [row] = (await db
          .insert(sponsors)
          .values({ name: input.name, countryId: input.country_id, websiteUrl: input.website_url ?? null, logoPath })
          .returning()) as [SponsorRow];
      } catch (error) {
        await discardFiles(storage, [logoPath], log);
        throw error;
      }
      return withCountry(row);
    },

    async update(id: number, input: Partial<SponsorInput>): Promise<Sponsor> {
      await find(id);
      await checkCountry(input.country_id);
      const logoPath = input.logo ? await storeImage(storage, input.logo, 'sponsors', 'logo') : undefined;

      let result: { row: SponsorRow; replaced: string | null };
      try {
        result = await db.transaction(async (tx) => {
          // Locked, so two replacements at once each remove the logo the other one replaced.
          const [before] = await tx.select({ logoPath: sponsors.logoPath }).from(sponsors).where(eq(sponsors.id, id)).for('update');
          if (!before) throw notFound(NOT_FOUND);
          const [row] = await tx
            .update(sponsors)
            .set({
              ...(input.name !== undefined ? { name: input.name } : {}),
              ...(input.country_id !== undefined ? { countryId: input.country_id } : {}),
              ...(input.website_url !== undefined ? { websiteUrl: input.website_url } : {}),
              ...(logoPath !== undefined ? { logoPath } : {}),
            })
            .where(eq(sponsors.id, id))
            .returning();
          return { row: row!, replaced: logoPath !== undefined ? before.logoPath : null };
        });
      } catch (error) {
        await discardFiles(storage, [logoPath], log);
        throw error;
      }
      await discardFiles(storage, [result.replaced], log);
      return withCountry(result.row);
    },

    async remove(id: number): Promise<void> {
      let logoPath: string | null;
      try {
        logoPath = await db.transaction(async (tx) => {
          const [row] = await tx.select({ logoPath: sponsors.logoPath }).from(sponsors).where(eq(sponsors.id, id)).for('update');
          if (!row) throw notFound(NOT_FOUND);
          const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(campaigns).where(eq(campaigns.sponsorId, id));
          if (total > 0) throw conflict(`No se puede eliminar el sponsor: tiene ${campaignWord(total)}. Elimínalas primero.`);
          await tx.delete(sponsors).where(eq(sponsors.id, id));
          return row.logoPath;
        });
      } catch (error) {
        // A campaign created between the count and the delete: the foreign key refuses it.
        if (foreignKeyViolation(error)) throw conflict('No se puede eliminar el sponsor: otros registros dependen de él.');
        throw error;
      }
      await discardFiles(storage, [logoPath], log);
    },
  };
}
