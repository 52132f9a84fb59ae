import type { Paginator } from '@contract/common';

/** The Laravel paginator the server answers lists with (the contract's shape). */
export type Paginated<T> = Paginator<T>;
