import type { Db } from '../client';
import { seedCountries, seedFirstAdmin, seedRolesAndPermissions } from './base';

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string | null;
  /** Demo data for a living panel; later issues add theirs here. */
  demo: boolean;
}

export interface SeedReport {
  countries: number;
  admin: { email: string; generatedPassword: string | null } | null;
}

/** Everything a new database needs; each step does nothing when its data is already there. */
export async function seed(db: Db, options: SeedOptions): Promise<SeedReport> {
  await seedRolesAndPermissions(db);
  const countries = await seedCountries(db);
  const admin = await seedFirstAdmin(db, { email: options.adminEmail, password: options.adminPassword });
  return { countries, admin };
}
