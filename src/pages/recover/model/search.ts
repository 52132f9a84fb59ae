import { searchRedirect, searchSchema } from '@/shared/lib';

/** `redirect`: the panel address a deep link asked for, kept through recovery back to sign-in. */
export const recoverSearchSchema = searchSchema({ redirect: searchRedirect });
