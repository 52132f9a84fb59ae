import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { connectors } from '../../../server/db/schema';
import type { CredentialBox } from '../../../server/security/credentials';
import { bearer, type TestContext } from './context';
import type { PreviousReleaseData } from './previous-release-data';
import { keyOf } from './uploads';

/** Every `/storage/…` address in an answer, at any depth. */
const storageUrlsIn = (value: unknown): string[] => {
  if (typeof value === 'string') return value.startsWith('/storage/') ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(storageUrlsIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(storageUrlsIn);
  return [];
};

/**
 * What a database carried somewhere new (upgraded in place, restored from a backup) must still
 * answer of the data `fillPreviousRelease` stored: each record's detail, every file with its
 * bytes, and the connector's credentials opened with the key kept apart. Declares those tests in
 * the calling `describe`; `reached` gives the server and the fill once `beforeAll` has run.
 */
export function itAnswersWhatWasStored(reached: () => { ctx: TestContext; release: PreviousReleaseData; credentials: CredentialBox }) {
  const get = (url: string) => {
    const { ctx, release } = reached();
    return ctx.inject({ method: 'GET', url, headers: bearer(release.sessionToken) });
  };

  it('answers each record’s detail as it was stored', async () => {
    for (const { url, expected } of reached().release.details) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.json().data, url).toMatchObject(expected);
    }
  });

  it('serves every stored file at the address the records answer, with the same bytes', async () => {
    const { ctx, release } = reached();
    const urls = new Set<string>();
    for (const { url } of release.details) for (const found of storageUrlsIn((await get(url)).json().data)) urls.add(found);
    expect([...urls].map(keyOf).sort()).toEqual([...release.files.keys()].sort());
    for (const url of urls) {
      const file = await ctx.inject({ method: 'GET', url });
      expect(file.statusCode, url).toBe(200);
      expect(file.rawPayload.equals(release.files.get(keyOf(url))!), url).toBe(true);
    }
  });

  it('still opens the connector’s credentials with the key they were sealed with', async () => {
    const { ctx, release, credentials } = reached();
    const [stored] = await ctx.db.select().from(connectors).where(eq(connectors.id, release.connector.id));
    expect(credentials.open(stored!.settings)).toEqual(release.connector.settings);
    expect(credentials.open(stored!.params)).toEqual(release.connector.params);
  });
}
