import {
  SAVED_VIEW_MESSAGES,
  SAVED_VIEWS_PER_LIST,
  savedViewQuery,
  type SavedView,
  type savedViewBody,
  type SavedViewList,
  type savedViewUpdateBody,
} from '@contract/saved-view';
import { and, asc, count, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { anyOf } from '../../db/any-of';
import type { Db, Tx } from '../../db/client';
import { appendTo } from '../../db/group-rows';
import { constraintRefusal, type UniqueName } from '../../db/record-writes';
import { roles, savedViewRoles, savedViews, userRoles, users } from '../../db/schema';
import { sortableText } from '../../db/sortable-text';
import type { Actor } from '../../http/actor';
import { conflict, forbidden, notFound, validationFailed } from '../../http/errors';

type CreateInput = z.output<typeof savedViewBody>;
type UpdateInput = z.output<typeof savedViewUpdateBody>;
type Conn = Db | Tx;
type ViewRow = typeof savedViews.$inferSelect;

/**
 * The advisory lock's first key for one owner's views (the second is the owner's id): every write
 * of their views holds it, so that two saves at once cannot both pass the count of 50, and
 * switching the default never races another switch. Other keys: migrations 724501, catalogue 724502.
 */
const OWNER_VIEWS_LOCK = 724503;

/** The name's unique index answers the 409, also when two saves race for one name. */
const UNIQUE_NAME: UniqueName[] = [{ field: 'name', index: 'saved_views_owner_list_name_unique', message: SAVED_VIEW_MESSAGES.nameTaken }];

/** The views `userId` sees: their own and those shared with a role they hold. */
const visibleTo = (userId: number): SQL =>
  or(
    eq(savedViews.ownerId, userId),
    sql`exists (select 1 from ${savedViewRoles} join ${userRoles} on ${userRoles.roleId} = ${savedViewRoles.roleId}
      where ${savedViewRoles.viewId} = ${savedViews.id} and ${userRoles.userId} = ${userId})`,
  )!;

/**
 * Saved views: a person's filters, sort and columns of one list under a name, private or shared
 * with roles. A view is only a query string: whoever opens it runs the list with their own
 * permissions and DSPs, so sharing one never shows anyone more. Not in the change history: a view
 * is a person's way of looking at a list and changes no record.
 */
export function createSavedViewService({ db }: { db: Db }) {
  /** The views as `actor` reads them: with their roles, their owner and what `actor` may do with them. */
  const present = async (conn: Conn, rows: (ViewRow & { ownerName: string })[], actor: Actor): Promise<SavedView[]> => {
    const shared = new Map<number, string[]>();
    if (rows.length > 0) {
      const links = await conn
        .select({ viewId: savedViewRoles.viewId, slug: roles.slug })
        .from(savedViewRoles)
        .innerJoin(roles, eq(roles.id, savedViewRoles.roleId))
        .where(anyOf(savedViewRoles.viewId, rows.map((row) => row.id)))
        .orderBy(asc(roles.id));
      for (const link of links) appendTo(shared, link.viewId, link.slug);
    }
    return rows.map((row) => {
      const own = row.ownerId === actor.userId;
      return {
        id: row.id,
        list: row.list as SavedViewList,
        name: row.name,
        query: row.query,
        shared_with_roles: shared.get(row.id) ?? [],
        is_default: own && row.isDefault,
        owner: { id: row.ownerId, name: row.ownerName },
        can_edit: own || actor.isSuperAdmin,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      };
    });
  };

  const select = (conn: Conn, where: SQL | undefined) =>
    conn
      .select({ ...getTableColumns(savedViews), ownerName: users.name })
      .from(savedViews)
      .innerJoin(users, eq(users.id, savedViews.ownerId))
      .where(where)
      .orderBy(sortableText(savedViews.name), asc(savedViews.id));

  /**
   * One view `actor` may read: one they see, or any for a super admin (who may change any);
   * 404 for the rest, as if it did not exist.
   */
  const findVisible = async (conn: Conn, id: number, actor: Actor) => {
    const [row] = await select(conn, and(eq(savedViews.id, id), actor.isSuperAdmin ? undefined : visibleTo(actor.userId)));
    if (!row) throw notFound(SAVED_VIEW_MESSAGES.notFound);
    return row;
  };

  /** The role ids of `slugs`; an unknown one is a 422 on shared_with_roles. */
  const roleIdsOf = async (conn: Conn, slugs: string[]): Promise<number[]> => {
    if (slugs.length === 0) return [];
    const found = await conn.select({ id: roles.id, slug: roles.slug }).from(roles).where(anyOf(roles.slug, slugs));
    if (found.length !== slugs.length) throw validationFailed({ shared_with_roles: [SAVED_VIEW_MESSAGES.role] });
    return found.map((role) => role.id);
  };

  const lockOwner = (tx: Tx, ownerId: number) => tx.execute(sql`select pg_advisory_xact_lock(${OWNER_VIEWS_LOCK}, ${ownerId})`);

  /** Unsets the owner's default of `list`, before the write that sets the new one (the partial unique index allows one). */
  const clearDefault = (tx: Tx, ownerId: number, list: string) =>
    tx
      .update(savedViews)
      .set({ isDefault: false })
      .where(and(eq(savedViews.ownerId, ownerId), eq(savedViews.list, list), eq(savedViews.isDefault, true)));

  /** Only the owner or a super admin changes a view: 403 for one the caller merely sees. */
  const assertMayEdit = (view: { ownerId: number }, actor: Actor) => {
    if (view.ownerId !== actor.userId && !actor.isSuperAdmin) throw forbidden(SAVED_VIEW_MESSAGES.notOwner);
  };

  const share = async (tx: Tx, viewId: number, roleIds: number[]) => {
    await tx.delete(savedViewRoles).where(eq(savedViewRoles.viewId, viewId));
    if (roleIds.length > 0) await tx.insert(savedViewRoles).values(roleIds.map((roleId) => ({ viewId, roleId })));
  };

  /** Runs `write`, answering a name taken (also by a save racing this one) with the 409. */
  const refusingTakenNames = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      throw constraintRefusal(error, { unique: UNIQUE_NAME });
    }
  };

  const get = async (id: number, actor: Actor): Promise<SavedView> => (await present(db, [await findVisible(db, id, actor)], actor))[0]!;

  return {
    /** `actor`'s own views and those shared with a role they hold, of one list or of all, by name. */
    async list(actor: Actor, list: SavedViewList | undefined): Promise<SavedView[]> {
      const rows = await select(db, and(visibleTo(actor.userId), list ? eq(savedViews.list, list) : undefined));
      return present(db, rows, actor);
    },

    get,

    async create(input: CreateInput, actor: Actor): Promise<SavedView> {
      const id = await refusingTakenNames(() =>
        db.transaction(async (tx) => {
          await lockOwner(tx, actor.userId);
          const roleIds = await roleIdsOf(tx, input.shared_with_roles);
          const [owned] = await tx
            .select({ count: count() })
            .from(savedViews)
            .where(and(eq(savedViews.ownerId, actor.userId), eq(savedViews.list, input.list)));
          if (owned!.count >= SAVED_VIEWS_PER_LIST) throw conflict(SAVED_VIEW_MESSAGES.tooMany);
          if (input.is_default) await clearDefault(tx, actor.userId, input.list);
          const [created] = await tx
            .insert(savedViews)
            .values({ ownerId: actor.userId, list: input.list, name: input.name, query: savedViewQuery(input.list, input.query), isDefault: input.is_default })
            .returning({ id: savedViews.id });
          await share(tx, created!.id, roleIds);
          return created!.id;
        }),
      );
      return get(id, actor);
    },

    /**
     * Changes what `input` names. Only the owner or a super admin: 403 on a view shared with the
     * caller, 404 on one they do not see. `is_default` is the owner's own choice: from anyone
     * else it changes nothing.
     */
    async update(id: number, input: UpdateInput, actor: Actor): Promise<SavedView> {
      await refusingTakenNames(() =>
        db.transaction(async (tx) => {
          const seen = await findVisible(tx, id, actor);
          assertMayEdit(seen, actor);
          // The owner's lock first, then the row: every write of their views takes them in this order.
          await lockOwner(tx, seen.ownerId);
          const [view] = await tx.select().from(savedViews).where(eq(savedViews.id, id)).for('update');
          if (!view) throw notFound(SAVED_VIEW_MESSAGES.notFound);
          const roleIds = input.shared_with_roles === undefined ? undefined : await roleIdsOf(tx, input.shared_with_roles);
          const isDefault = view.ownerId === actor.userId ? input.is_default : undefined;
          if (isDefault) await clearDefault(tx, view.ownerId, view.list);
          const set = {
            ...(input.name !== undefined && { name: input.name }),
            ...(input.query !== undefined && { query: savedViewQuery(view.list as SavedViewList, input.query) }),
            ...(isDefault !== undefined && { isDefault }),
          };
          // updated_at moves on every save, a re-share included: the menu says when the view last changed.
          await tx
            .update(savedViews)
            .set({ ...set, updatedAt: sql`now()` })
            .where(eq(savedViews.id, id));
          if (roleIds) await share(tx, id, roleIds);
        }),
      );
      return get(id, actor);
    },

    /** Deletes the view (its shares go with it). The same 403 and 404 as `update`. */
    async remove(id: number, actor: Actor): Promise<void> {
      assertMayEdit(await findVisible(db, id, actor), actor);
      await db.delete(savedViews).where(eq(savedViews.id, id));
    },
  };
}
