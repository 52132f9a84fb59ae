import { afterAll, beforeAll, expect } from 'vitest';
import { seedDemo } from '../../../server/db/seed/demo';
import { createUploadsStorage } from '../../../server/storage';
import { bearer, createTestContext, type TestContext } from './context';
import { tempDataDir } from './uploads';

/**
 * A test file's API on the demo data (what `npm start` loads): opened before the file's tests with
 * the admin signed in, closed after them. `get` answers a GET's `data`, failing on any status but 200.
 */
export function onDemoData(name: string) {
  const data = tempDataDir(name);
  const demo = {
    ctx: undefined as unknown as TestContext,
    token: '',
    async get(url: string) {
      const response = await demo.ctx.inject({ method: 'GET', url, headers: bearer(demo.token) });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.json().data;
    },
  };
  beforeAll(async () => {
    demo.ctx = await createTestContext({ dataDir: data.dir });
    demo.token = await demo.ctx.signIn();
    await seedDemo(demo.ctx.db, createUploadsStorage(data.dir));
  });
  afterAll(async () => {
    await demo.ctx?.close();
    data.cleanup();
  });
  return demo;
}
