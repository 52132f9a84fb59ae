import { searchEnum, searchRedirect, searchSchema, searchText } from '@/shared/lib';

/**
 * `email`: who is signing in; `redirect`: the panel address to open once signed in; `method`:
 * 'app' when the code comes from an authenticator app (nothing was mailed).
 */
export const otpSearchSchema = searchSchema({ email: searchText, redirect: searchRedirect, method: searchEnum(['app']) });
