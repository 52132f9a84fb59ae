import { setupServer } from 'msw/node';
import { contractBreaches } from './envelope';
import type { MockModule } from './resource';

// Every file of handlers/ registers itself by exporting `mock`: a new resource is one file there.
const modules = Object.values(import.meta.glob<MockModule>('./handlers/*.ts', { eager: true, import: 'mock' }));

/**
 * Every component test shares this server; a test adds its own handlers with `server.use`. msw
 * tries handlers in order: the modules marked `first` (`v1/dsps/staff`) come before any `:id` path.
 */
export const server = setupServer(...[...modules.filter((module) => module.first), ...modules.filter((module) => !module.first)].flatMap((module) => module.handlers));

/** Puts every in-memory store back to its starting data; the test setup calls it before each test. */
export const resetMockStores = () => {
  for (const store of modules.flatMap((module) => module.stores ?? [])) store.reset();
};

/** Throws when a shared handler answered outside the contract during the test (see `checked`). */
export const assertContractKept = () => {
  const breaches = contractBreaches.splice(0);
  if (breaches.length > 0) throw new Error(`Un handler de msw respondió fuera del contrato:\n${breaches.join('\n')}`);
};
