import { searchSchema } from '@/shared/lib';

export const loginSearchSchema = searchSchema({});
