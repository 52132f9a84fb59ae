import { idParam, successEnvelope } from '@contract/common';
import {
  SPONSOR_FIELDS,
  SPONSOR_INCLUDES,
  SPONSOR_DEFAULT_SORT,
  SPONSOR_MESSAGES,
  SPONSOR_PAGE_SIZE,
  type SPONSOR_SORTS,
  sponsor,
  sponsorFields,
  sponsorUpdateFields,
} from '@contract/sponsor';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { foreignKeyViolation } from '../../db/errors';
import { campaigns, sponsors } from '../../db/schema';
import { containsText, sortableText } from '../../db/sortable-text';
import { success } from '../../http/envelope';
import { conflict, notFound, validationFailed } from '../../http/errors';
import { fileField } from '../../http/file-field';
import { idFilter } from '../../http/filter-values';
import { defineList } from '../../http/list';
import { discardFiles, storeImage, type Storage } from '../../storage';
import { countryExists, countryInclude, countryRefs, presentSponsor, type SponsorRow } from './queries';

const tags = ['Sponsors'];

const campaignWord = (total: number) => (total === 1 ? '1 campaña' : `${total} campañas`);

const createBody = sponsorFields.extend({ logo: fileField(SPONSOR_MESSAGES.logoNotFile).optional() });
const updateBody = sponsorUpdateFields.extend({ logo: fileField(SPONSOR_MESSAGES.logoNotFile).optional() });

/** The body types a write accepts (the OpenAPI document lists multipart first). */
const WRITE_TYPES = ['multipart/form-data', 'application/json', 'application/x-www-form-urlencoded'];

const WRITE_DESCRIPTION =
  'multipart/form-data (o JSON sin archivo): name, country_id, website_url, logo (PNG, JPG o GIF por su contenido, 10 MB como máximo: 415 / 413). ' +
  'website_url se guarda normalizado: se añade https:// si falta el esquema y solo se aceptan http y https (422).';

export async function sponsorRoutes(app: FastifyInstance, { db, storage }: { db: Db; storage: Storage }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const item = (row: SponsorRow, country?: { id: number; name: string }) => presentSponsor(row, storage, country);
  const sponsorList = defineList({
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
    present: (rows) => rows.map((row) => item(row)),
  });

  r.get(
    '/api/v1/sponsors',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Lista paginada de sponsors',
        querystring: sponsorList.querystring,
        response: { 200: sponsorList.response },
      },
    },
    async (request, reply) => success(await sponsorList.answer(request, reply)),
  );

  r.get(
    '/api/v1/sponsors/:id',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Un sponsor',
        params: idParam,
        querystring: sponsorList.detailQuerystring,
        response: { 200: sponsorList.detailResponse },
      },
    },
    async (request, reply) =>
      success(
        await sponsorList.answerOne(request, reply, async () => {
          const [row] = await db.select().from(sponsors).where(eq(sponsors.id, request.params.id));
          if (!row) throw notFound('El sponsor no existe.');
          return row;
        }),
      ),
  );

  r.post(
    '/api/v1/sponsors',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Crea un sponsor',
        description: `${WRITE_DESCRIPTION} Responde 201 con el sponsor y su país.`,
        consumes: WRITE_TYPES,
        body: createBody,
        response: { 201: successEnvelope(sponsor) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!(await countryExists(db, body.country_id))) throw validationFailed({ country_id: [SPONSOR_MESSAGES.countryMissing] });
      const logoPath = body.logo ? await storeImage(storage, body.logo, 'sponsors', 'logo') : null;
      let row: SponsorRow;
      try {
        [row] = (await db
          .insert(sponsors)
          .values({ name: body.name, countryId: body.country_id, websiteUrl: body.website_url ?? null, logoPath })
          .returning()) as [SponsorRow];
      } catch (error) {
        await discardFiles(storage, [logoPath], request.log);
        throw error;
      }
      const refs = await countryRefs(db, [row.countryId]);
      reply.status(201);
      return success(item(row, refs.get(row.countryId)), 'Sponsor creado correctamente.');
    },
  );

  r.put(
    '/api/v1/sponsors/:id',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Actualiza un sponsor (también POST con _method=PUT)',
        description: `${WRITE_DESCRIPTION} Los campos ausentes no cambian. Un logo nuevo reemplaza al anterior, que se borra.`,
        params: idParam,
        consumes: WRITE_TYPES,
        body: updateBody,
        response: { 200: successEnvelope(sponsor) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const [current] = await db.select({ id: sponsors.id }).from(sponsors).where(eq(sponsors.id, id));
      if (!current) throw notFound('El sponsor no existe.');
      if (body.country_id !== undefined && !(await countryExists(db, body.country_id))) {
        throw validationFailed({ country_id: [SPONSOR_MESSAGES.countryMissing] });
      }
      const logoPath = body.logo ? await storeImage(storage, body.logo, 'sponsors', 'logo') : undefined;

      let result: { row: SponsorRow; replaced: string | null };
      try {
        result = await db.transaction(async (tx) => {
          // Locked, so two replacements at once each remove the logo the other one replaced.
          const [before] = await tx.select({ logoPath: sponsors.logoPath }).from(sponsors).where(eq(sponsors.id, id)).for('update');
          if (!before) throw notFound('El sponsor no existe.');
          const [row] = await tx
            .update(sponsors)
            .set({
              ...(body.name !== undefined ? { name: body.name } : {}),
              ...(body.country_id !== undefined ? { countryId: body.country_id } : {}),
              ...(body.website_url !== undefined ? { websiteUrl: body.website_url } : {}),
              ...(logoPath !== undefined ? { logoPath } : {}),
              updatedAt: new Date(),
            })
            .where(eq(sponsors.id, id))
            .returning();
          return { row: row!, replaced: logoPath !== undefined ? before.logoPath : null };
        });
      } catch (error) {
        await discardFiles(storage, [logoPath], request.log);
        throw error;
      }
      await discardFiles(storage, [result.replaced], request.log);
      const refs = await countryRefs(db, [result.row.countryId]);
      return success(item(result.row, refs.get(result.row.countryId)), 'Sponsor actualizado correctamente.');
    },
  );

  r.delete(
    '/api/v1/sponsors/:id',
    {
      config: { access: 'sponsors.manage' },
      schema: {
        tags,
        summary: 'Elimina un sponsor y su logo',
        description: 'Un sponsor que todavía tiene campañas no se elimina: 409 con el número de campañas.',
        params: idParam,
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (request) => {
      const { id } = request.params;
      let logoPath: string | null;
      try {
        logoPath = await db.transaction(async (tx) => {
          const [row] = await tx.select({ logoPath: sponsors.logoPath }).from(sponsors).where(eq(sponsors.id, id)).for('update');
          if (!row) throw notFound('El sponsor no existe.');
          const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(campaigns).where(eq(campaigns.sponsorId, id));
          if (total > 0) {
            throw conflict(`No se puede eliminar el sponsor: tiene ${campaignWord(total)}. Elimínalas primero.`);
          }
          await tx.delete(sponsors).where(eq(sponsors.id, id));
          return row.logoPath;
        });
      } catch (error) {
        // A campaign created between the count and the delete: the foreign key refuses it.
        if (foreignKeyViolation(error)) throw conflict('No se puede eliminar el sponsor: otros registros dependen de él.');
        throw error;
      }
      await discardFiles(storage, [logoPath], request.log);
      return success(null, 'Sponsor eliminado correctamente.');
    },
  );
}
