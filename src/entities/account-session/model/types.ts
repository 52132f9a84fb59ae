import type { AccountSession, CloseOthersResult } from '@contract/account';

export type { AccountSession, CloseOthersResult };
