import type { Category, CategoryRef } from '@contract/category';

export type { Category, CategoryRef };

/** What the catalogue category form sends (multipart); the image only when a new one was chosen. */
export interface CategoryPayload {
  name: string;
  description: string;
  /** Empty makes it a root ('Padre'). */
  parent_id: number | '';
  image?: File | null;
}
