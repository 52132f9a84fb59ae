import { HttpResponse } from 'msw';

/** Answers in the wire contract's envelope, as the real server does. */
export const ok = <T>(data: T, message: string | null = null, status = 200) =>
  HttpResponse.json({ status: 'success', message, data }, { status });

export const fail = (status: number, message: string, errors?: Record<string, string[]>) =>
  HttpResponse.json({ status: 'error', message, ...(errors ? { errors } : {}) }, { status });

export const apiUrl = (path: string) => `http://localhost:3000/api/${path.replace(/^\//, '')}`;
