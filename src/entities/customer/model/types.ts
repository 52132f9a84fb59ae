import type { Customer, CustomerMeta } from '@contract/customer';

export type { Customer, CustomerMeta };
