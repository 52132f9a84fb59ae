import { searchSchema, searchText } from '@/shared/lib';

export const otpSearchSchema = searchSchema({ email: searchText });
