import { createRequire } from 'node:module';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS } from '@contract/permissions';
import { ROLE_NAMES, ROLE_SLUGS } from '@contract/role';
import { currencyOfCountry } from '@contract/currency';
import { count, eq } from 'drizzle-orm';
import countryNames from 'i18n-iso-countries';
import { randomBytes } from 'node:crypto';
import type { Db } from '../client';
import { countries, permissions, rolePermissions, roles, userRoles, users } from '../schema';
import { hashPassword } from '../../security/password';

const require = createRequire(import.meta.url);

/** All ISO 3166 countries with their Spanish names and currencies, once, on an empty table. */
export async function seedCountries(db: Db): Promise<number> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(countries);
  if (total > 0) return 0;
  countryNames.registerLocale(require('i18n-iso-countries/langs/es.json'));
  const names = countryNames.getNames('es', { select: 'official' });
  const rows = Object.entries(names).map(([code, name]) => ({ code, name, currency: currencyOfCountry(code) }));
  await db.insert(countries).values(rows);
  return rows.length;
}

/**
 * The permission catalogue and the four roles. New permissions and roles are added on every start.
 * A role gets its default permissions when it is created, and an existing role gets a permission
 * of its defaults only on the start that adds that permission to the catalogue (so `audit.view`
 * reaches the Super Admin of an existing database once, and later edits by staff stay).
 */
export async function seedRolesAndPermissions(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(permissions)
      .values(Object.entries(PERMISSIONS).map(([name, { area, label }]) => ({ name, area, label })))
      .onConflictDoNothing({ target: permissions.name })
      .returning({ name: permissions.name });
    const created = await tx
      .insert(roles)
      .values(ROLE_SLUGS.map((slug) => ({ slug, name: ROLE_NAMES[slug] })))
      .onConflictDoNothing({ target: roles.slug })
      .returning({ id: roles.id, slug: roles.slug });
    const createdIds = new Set(created.map((role) => role.id));
    const existing = (await tx.select({ id: roles.id, slug: roles.slug }).from(roles)).filter((role) => !createdIds.has(role.id));
    const addedNames = new Set(added.map((permission) => permission.name));
    const permissionIds = new Map((await tx.select({ id: permissions.id, name: permissions.name }).from(permissions)).map((p) => [p.name, p.id]));
    const defaultsOf = (slug: string) => DEFAULT_ROLE_PERMISSIONS[slug as keyof typeof DEFAULT_ROLE_PERMISSIONS] ?? [];
    const links = [
      ...created.flatMap((role) => defaultsOf(role.slug).map((name) => ({ roleId: role.id, name }))),
      ...existing.flatMap((role) => defaultsOf(role.slug).filter((name) => addedNames.has(name)).map((name) => ({ roleId: role.id, name }))),
    ].map(({ roleId, name }) => ({ roleId, permissionId: permissionIds.get(name)! }));
    if (links.length > 0) await tx.insert(rolePermissions).values(links).onConflictDoNothing();
  });
}

/**
 * The first super admin, when there are no users at all. Without ADMIN_PASSWORD a random one is
 * generated and returned, so start-up can print it once.
 */
export async function seedFirstAdmin(
  db: Db,
  options: { email: string; password: string | null },
): Promise<{ email: string; generatedPassword: string | null } | null> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users);
  if (total > 0) return null;
  const generatedPassword = options.password ? null : randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(options.password ?? generatedPassword!);
  await db.transaction(async (tx) => {
    const [admin] = await tx
      .insert(users)
      .values({ name: 'Super Admin', email: options.email, passwordHash, isActive: true })
      .returning({ id: users.id });
    const [superAdmin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.slug, 'SUPER_ADMIN'));
    await tx.insert(userRoles).values({ userId: admin!.id, roleId: superAdmin!.id });
  });
  return { email: options.email, generatedPassword };
}
