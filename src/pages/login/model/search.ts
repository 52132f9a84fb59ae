import { searchRedirect, searchSchema } from '@/shared/lib';

/** `redirect`: the panel address to open once signed in (a deep link that needed a session). */
export const loginSearchSchema = searchSchema({ redirect: searchRedirect });
