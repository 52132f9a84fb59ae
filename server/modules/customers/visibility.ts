import { DSP_NOT_FOUND } from '@contract/dsp';
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { dspUsers, dsps } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { Actor } from '../../http/actor';
import type { ListCall } from '../../http/list';

/**
 * Who sees whose customers. Customers' personal data (DNI, e-mail, phone, address) is seen only by
 * those who need it: staff who may configure DSPs (`dsps.manage`) see every DSP's customers; anyone
 * else sees, and writes, only the customers (and their subscriptions) of the DSPs they are assigned
 * to. Anything beyond that answers 404, as if it did not exist: a 403 would confirm it does.
 */
export const seesEveryDsp = (actor: Actor): boolean => actor.permissions.includes('dsps.manage');

/** The condition on a `dsp_id` column that keeps the DSPs `actor` may see customers of; undefined when they see all. */
export const visibleDsp = (actor: Actor, column: AnyColumn): SQL | undefined =>
  seesEveryDsp(actor) ? undefined : sql`${column} in (select ${dspUsers.dspId} from ${dspUsers} where ${dspUsers.userId} = ${actor.userId})`;

/** 404 'La DSP no existe.' unless the DSP exists and `actor` may see its customers. */
export async function assertVisibleDsp(conn: Db | Tx, actor: Actor, dspId: number): Promise<void> {
  const [found] = await conn
    .select({ id: dsps.id })
    .from(dsps)
    .where(and(eq(dsps.id, dspId), visibleDsp(actor, dsps.id)));
  if (!found) throw notFound(DSP_NOT_FOUND);
}

/** The rows of DSP `dsp.id` (by their `dsp.column`) that `actor` may see. */
const ofVisibleDsp = (actor: Actor, dsp: { id: number; column: AnyColumn }): SQL | undefined => and(eq(dsp.column, dsp.id), visibleDsp(actor, dsp.column));

/**
 * A DSP's list (its customers, its bookings) as `actor` may see it, without first asking whether
 * the DSP is theirs: the scope narrows the list to the DSP and to the DSPs `actor` sees, so a page
 * that holds rows proves both, and only an empty page checks the DSP (404 'La DSP no existe.' when
 * it does not exist or is not theirs). Under load every statement waits its turn for a connection;
 * these lists are the ones staff open most.
 */
export const visibleDspList = (db: Db, actor: Actor, dsp: { id: number; column: AnyColumn }): ListCall => ({
  scope: ofVisibleDsp(actor, dsp),
  whenEmpty: () => assertVisibleDsp(db, actor, dsp.id),
});

/**
 * The records of one DSP that `actor` may act on (a bulk call under /dsps/{dspId}), after the
 * 404 'La DSP no existe.' of a DSP that does not exist or is not theirs.
 */
export async function visibleDspScope(db: Db, actor: Actor, dsp: { id: number; column: AnyColumn }): Promise<SQL | undefined> {
  await assertVisibleDsp(db, actor, dsp.id);
  return ofVisibleDsp(actor, dsp);
}

/** The description every customer and subscription route carries. */
export const VISIBILITY_DESCRIPTION =
  'Quién ve qué: con el permiso de configurar DSP (dsps.manage), los clientes de todas las DSP; sin él, solo los de las DSP ' +
  'a las que la persona está asignada (pestaña Usuarios de la DSP), en listas, detalle, suscripciones y totales. ' +
  'Una DSP que no existe o no es suya, o un cliente o suscripción de otra DSP, responde 404 (no 403).';
