import type { CredentialBox } from '../../security/credentials';
import type { Storage } from '../../storage';
import type { Db } from '../client';
import { seedCountries, seedFirstAdmin, seedRolesAndPermissions } from './base';
import { seedDemo } from './demo';
import { seedDemoConnectors } from './demo-connectors';

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string | null;
  /** Demo data for a living panel; later issues add theirs here. */
  demo: boolean;
  /** Where the demo data's logos and images go; without it the demo data is skipped. */
  storage?: Storage;
  /** Seals the demo connectors' credentials with the key the API reads them with; without it they are skipped. */
  credentials?: CredentialBox;
}

export interface SeedReport {
  countries: number;
  admin: { email: string; generatedPassword: string | null } | null;
  demo: { sponsors: number; campaigns: number; plans: number } | null;
}

/** Everything a new database needs; each step does nothing when its data is already there. */
export async function seed(db: Db, options: SeedOptions): Promise<SeedReport> {
  await seedRolesAndPermissions(db);
  const countries = await seedCountries(db);
  const admin = await seedFirstAdmin(db, { email: options.adminEmail, password: options.adminPassword });
  // Only on the start that created the database (its countries were just seeded): staff who
  // delete the demo sponsors do not get them back on the next start.
  const demo = options.demo && options.storage && countries > 0 ? await seedDemo(db, options.storage) : null;
  if (demo && options.credentials) await seedDemoConnectors(db, options.credentials);
  return { countries, admin, demo };
}
