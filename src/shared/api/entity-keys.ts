/**
 * The keys an entity's queries sit under: `all()` holds all of them, `lists()` every list and
 * option list (what a write invalidates), `details()` every single record. Each query of the
 * entity extends one of them, so invalidating a prefix reaches every page and search under it.
 */
export const entityKeys = <const Name extends string>(name: Name) => ({
  all: () => [name] as const,
  lists: () => [name, 'list'] as const,
  details: () => [name, 'detail'] as const,
});
