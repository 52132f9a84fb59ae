import { searchRedirect, searchSchema, searchText } from '@/shared/lib';

/** `email`: where the code went; `redirect`: the panel address to open once signed in. */
export const otpSearchSchema = searchSchema({ email: searchText, redirect: searchRedirect });
