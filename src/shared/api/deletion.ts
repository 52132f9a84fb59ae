import type { DeletedRecord, DeletionCheck } from '@contract/common';
import type { QueryKey } from '@tanstack/react-query';

/** The delete dialog's sentence: `before`, then the record's name in bold, then `after`. */
export interface DeletionText {
  before: string;
  name: string;
  after: string;
}

/**
 * How one kind of record is deleted and what the delete dialog says about it. Each entity exports
 * its own (`sponsorDeletion`, `userDeletion`) and the page hands it to the one dialog.
 */
export interface Deletion<T extends { id: number; version?: number }> {
  /** E.g. 'Eliminar sponsor'. */
  title: string;
  /** What will go, naming the record: 'Se eliminará el sponsor **Acme** y su logo…'. */
  describe: (target: T) => DeletionText;
  /** The text to type before the delete is allowed, where 'confirmar' is not enough: the record's own name. */
  keyword?: (target: T) => string;
  /** The notice once it is gone, e.g. 'Sponsor eliminado.'. */
  deleted: string;
  /**
   * Deletes the record as it was shown (`version`: a record changed since is refused with a 409) and
   * answers the history entry that restores it ('Deshacer').
   */
  remove: (id: number, version?: number) => Promise<DeletedRecord>;
  /** Asked when the dialog opens: whether the record can go now and, if not, why. */
  check: (id: number) => Promise<DeletionCheck>;
  /** The entity's query factory: its detail is dropped and its lists refreshed. */
  queries: { detail: (id: number) => { queryKey: QueryKey }; lists: () => QueryKey };
}
