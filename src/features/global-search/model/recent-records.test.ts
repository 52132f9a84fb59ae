import { describe, expect, it } from 'vitest';
import { RECENT_RECORDS_KEPT, readRecentRecords, rememberRecentRecord } from './recent-records';

const record = (id: number) => ({ type: 'sponsor' as const, id, title: `Sponsor ${id}`, subtitle: null, url: `/sponsor/${id}` });

describe('recent records', () => {
  it('keeps the newest first, each once, and only the last few', () => {
    for (let id = 1; id <= RECENT_RECORDS_KEPT + 2; id += 1) rememberRecentRecord(7, record(id));
    rememberRecentRecord(7, record(5));
    const ids = readRecentRecords(7).map((recent) => recent.id);
    expect(ids).toEqual([5, 10, 9, 8, 7, 6, 4, 3]);
  });

  it('are per person: another user id on the same browser starts with none', () => {
    rememberRecentRecord(7, record(1));
    expect(readRecentRecords(8)).toEqual([]);
  });

  it('reads what it cannot use as nothing: broken JSON, another shape, a link off the panel', () => {
    localStorage.setItem('panel-de-control.recent-records.7', '{not json');
    expect(readRecentRecords(7)).toEqual([]);
    localStorage.setItem('panel-de-control.recent-records.7', JSON.stringify([{ id: 1 }, { ...record(2), url: 'https://evil.example/' }, record(3)]));
    expect(readRecentRecords(7)).toEqual([record(3)]);
  });
});
