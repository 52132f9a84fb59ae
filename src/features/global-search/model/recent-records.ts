import type { SearchResult } from '@/entities/search';

/** How many records the palette offers again while its box is empty. */
export const RECENT_RECORDS_KEPT = 8;

const storageKey = (userId: number) => `panel-de-control.recent-records.${userId}`;

const isRecord = (value: unknown): value is SearchResult => {
  const record = value as Partial<SearchResult> | null;
  return (
    typeof record?.type === 'string' &&
    typeof record.id === 'number' &&
    typeof record.title === 'string' &&
    (typeof record.subtitle === 'string' || record.subtitle === null) &&
    typeof record.url === 'string' &&
    record.url.startsWith('/')
  );
};

/**
 * The records this person opened from the palette on this browser, newest first. Kept per user id
 * so someone signing in after a colleague on a shared computer does not see what they looked at;
 * anything unreadable (another version's shape, a hand edit) counts as nothing.
 */
export function readRecentRecords(userId: number): SearchResult[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isRecord).slice(0, RECENT_RECORDS_KEPT) : [];
  } catch {
    return [];
  }
}

/** Puts `record` first in the person's recent records, once, keeping the newest few. */
export function rememberRecentRecord(userId: number, record: SearchResult): SearchResult[] {
  const { type, id, title, subtitle, url } = record;
  const next = [{ type, id, title, subtitle, url }, ...readRecentRecords(userId).filter((other) => other.type !== type || other.id !== id)].slice(0, RECENT_RECORDS_KEPT);
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(next));
  } catch {
    // A full or forbidden storage only costs the list of recent records.
  }
  return next;
}
