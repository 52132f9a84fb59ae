import type { SecondFactorStatus } from '@contract/account';
import { queryOptions } from '@tanstack/react-query';
import { api, entityKeys } from '@/shared/api';

export type { SecondFactorStatus };

export const SECOND_FACTOR_FALLBACK = 'No se pudo cargar tu segundo factor';

/** The signed-in person's second factor: the mailed code, or an authenticator app. */
export const fetchSecondFactor = (signal?: AbortSignal) => api.get<SecondFactorStatus>('auth/second-factor', { fallback: SECOND_FACTOR_FALLBACK, signal });

const keys = entityKeys('second-factor');

/** One status per person and no list: enabling or disabling the app invalidates `all()`. */
export const secondFactorQueries = {
  ...keys,
  mine: () =>
    queryOptions({
      queryKey: [...keys.all(), 'mine'] as const,
      queryFn: ({ signal }) => fetchSecondFactor(signal),
    }),
};
