import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/shared/api';

/** The panel's client; `retryDelay` only for tests, whose failing loads need not wait out the backoff. */
export const createQueryClient = ({ retryDelay }: { retryDelay?: number } = {}) =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (bad input, no permission, not found) do not get better by asking again.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
        ...(retryDelay === undefined ? {} : { retryDelay }),
      },
    },
  });
