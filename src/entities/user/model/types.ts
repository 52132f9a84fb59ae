import type { User } from '@contract/user';

export type { User };

/** What the panel sends to create (with a password) or update (password only when typed) a user. */
export interface UserPayload {
  dni: string;
  name: string;
  email: string;
  phone: string;
  password?: string;
  is_active: boolean;
  /** Role slugs. */
  roles: string[];
  country_id: number | null;
}
