import type { DeletionCheck } from '@contract/common';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * How one kind of record is deleted and what the dialog says about it. Each entity describes its
 * own (`sponsorDeletion`, `campaignDeletion`, `userDeletion`); the dialog is the same for all.
 */
export interface Deletion<T extends { id: number }> {
  /** E.g. 'Eliminar sponsor'. */
  title: string;
  /** What will go, naming the record, e.g. 'Se eliminará el sponsor **Acme** y su logo…'. */
  describe: (target: T) => ReactNode;
  /** The text to type before the delete is allowed: 'confirmar', or the record's own name. */
  keyword: (target: T) => string;
  /** The notice once it is gone, e.g. 'Sponsor eliminado.'. */
  deleted: string;
  remove: (id: number) => Promise<unknown>;
  /** Asked when the dialog opens: whether the record can go now and, if not, why. */
  check: (id: number) => Promise<DeletionCheck>;
  /** The entity's query factory: its detail is dropped and its lists refreshed. */
  queries: { detail: (id: number) => { queryKey: QueryKey }; lists: () => QueryKey };
}

/** Most records ask for the same word; people are confirmed by their name. */
export const CONFIRM_KEYWORD = 'confirmar';
