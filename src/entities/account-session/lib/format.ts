import dayjs from 'dayjs';

/** A session's moment in Spanish with its time, e.g. '3 de marzo de 2026, 14:05'; '—' without one. */
export const formatSessionTime = (value: string | null | undefined): string =>
  value ? dayjs(value).format('D [de] MMMM [de] YYYY, HH:mm') : '—';
