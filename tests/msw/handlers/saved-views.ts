import { SUPER_ADMIN_ROLE } from '@contract/role.constants';
import {
  SAVED_VIEW_ANSWERS,
  SAVED_VIEW_LISTS,
  SAVED_VIEW_MESSAGES,
  savedView,
  savedViewBody,
  savedViewQuery,
  savedViewUpdateBody,
  type SavedView,
} from '@contract/saved-view';
import { http } from 'msw';
import { z } from 'zod';
import { useSessionStore } from '@/shared/auth';
import { jsonBody, parseBody } from '../body';
import { answer, apiUrl, fail, invalid } from '../envelope';
import { fold } from '../fold';
import type { MockModule } from '../resource';

/** A stored view: what the answer shows, less what depends on who asks (`can_edit`). */
export type SavedViewRecord = Omit<SavedView, 'can_edit'>;

const NOW = '2026-11-20T10:00:00.000Z';
let nextId = 1;

/** The saved views the handlers answer with, of every owner; `reset()` before each test. */
export const savedViewsDb = {
  views: [] as SavedViewRecord[],
  reset() {
    savedViewsDb.views = [];
    nextId = 1;
  },
  /** Stores a view, by default of the signed-in person, private, for bookings. */
  add(view: Partial<SavedViewRecord> & { name: string }): SavedViewRecord {
    const me = caller();
    const row: SavedViewRecord = {
      id: nextId++,
      list: 'bookings',
      query: '',
      shared_with_roles: [],
      is_default: false,
      owner: { id: me?.id ?? 1, name: me?.name ?? 'Ana Admin' },
      created_at: NOW,
      updated_at: NOW,
      ...view,
    };
    savedViewsDb.views.push(row);
    return row;
  },
};

const caller = () => useSessionStore.getState().user;

/** As the server: the caller's own views and those shared with a role they hold. */
const visible = (row: SavedViewRecord) => {
  const me = caller();
  if (!me) return false;
  return row.owner.id === me.id || row.shared_with_roles.some((role) => me.roles.includes(role));
};
const canEdit = (row: SavedViewRecord) => {
  const me = caller();
  return Boolean(me && (row.owner.id === me.id || me.roles.includes(SUPER_ADMIN_ROLE)));
};
const shown = (row: SavedViewRecord): SavedView => ({ ...row, can_edit: canEdit(row) });


const nameTaken = (row: Pick<SavedViewRecord, 'id' | 'list' | 'name' | 'owner'>) =>
  savedViewsDb.views.some((other) => other.id !== row.id && other.list === row.list && other.owner.id === row.owner.id && fold(other.name.trim()) === fold(row.name.trim()));

/** One default per list per owner: setting one clears the others. */
const clearOtherDefaults = (row: SavedViewRecord) => {
  for (const other of savedViewsDb.views) if (other.id !== row.id && other.list === row.list && other.owner.id === row.owner.id) other.is_default = false;
};

const conflict = () => fail(409, SAVED_VIEW_MESSAGES.nameTaken, { name: [SAVED_VIEW_MESSAGES.nameTaken] });

/** The view the path names as the caller may touch it: 404 unseen, 403 not theirs. */
const editable = (id: unknown): SavedViewRecord | Response => {
  const row = savedViewsDb.views.find((view) => view.id === Number(id));
  if (!row || !visible(row)) return fail(404, SAVED_VIEW_MESSAGES.notFound);
  if (!canEdit(row)) return fail(403, SAVED_VIEW_MESSAGES.notOwner);
  return row;
};

/** The saved-views API over `savedViewsDb`, answering as the signed-in person of the test. */
export const mock: MockModule = {
  stores: [savedViewsDb],
  handlers: [
    http.get(apiUrl('v1/saved-views'), ({ request }) => {
      const list = new URL(request.url).searchParams.get('filter[list]');
      if (!(SAVED_VIEW_LISTS as readonly (string | null)[]).includes(list)) return invalid({ list: [SAVED_VIEW_MESSAGES.list] });
      const me = caller();
      const rows = savedViewsDb.views
        .filter((row) => row.list === list && visible(row))
        .sort((a, b) => Number(b.owner.id === me?.id) - Number(a.owner.id === me?.id) || a.name.localeCompare(b.name, 'es'));
      return answer(z.array(savedView), rows.map(shown));
    }),
    http.post(apiUrl('v1/saved-views'), async ({ request }) => {
      const input = parseBody(savedViewBody, await jsonBody(request));
      if (input instanceof Response) return input;
      const me = caller()!;
      const row: SavedViewRecord = { id: nextId++, ...input, query: savedViewQuery(input.list, input.query), owner: { id: me.id, name: me.name }, created_at: NOW, updated_at: NOW };
      if (nameTaken(row)) return conflict();
      if (row.is_default) clearOtherDefaults(row);
      savedViewsDb.views.push(row);
      return answer(savedView, shown(row), SAVED_VIEW_ANSWERS.created, 201);
    }),
    http.put(apiUrl('v1/saved-views/:id'), async ({ request, params }) => {
      const current = editable(params.id);
      if (current instanceof Response) return current;
      const input = parseBody(savedViewUpdateBody, await jsonBody(request));
      if (input instanceof Response) return input;
      const row: SavedViewRecord = { ...current };
      if (input.name !== undefined) row.name = input.name;
      if (input.query !== undefined) row.query = savedViewQuery(row.list, input.query);
      if (input.shared_with_roles !== undefined) row.shared_with_roles = input.shared_with_roles;
      if (input.is_default !== undefined) row.is_default = input.is_default;
      if (nameTaken(row)) return conflict();
      if (row.is_default) clearOtherDefaults(row);
      Object.assign(current, row, { updated_at: new Date().toISOString() });
      return answer(savedView, shown(current), SAVED_VIEW_ANSWERS.updated);
    }),
    http.delete(apiUrl('v1/saved-views/:id'), ({ params }) => {
      const current = editable(params.id);
      if (current instanceof Response) return current;
      savedViewsDb.views = savedViewsDb.views.filter((view) => view.id !== current.id);
      return answer(z.null(), null, SAVED_VIEW_ANSWERS.deleted);
    }),
  ],
};
