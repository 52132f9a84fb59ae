import { setupServer } from 'msw/node';
import { authHandlers } from './handlers/auth';
import { campaignHandlers } from './handlers/campaigns';
import { countryHandlers } from './handlers/countries';
import { roleHandlers } from './handlers/roles';
import { sponsorHandlers } from './handlers/sponsors';
import { userHandlers } from './handlers/users';

/** Every component test shares this server; a test adds its own handlers with `server.use`. */
export const server = setupServer(...authHandlers, ...countryHandlers, ...roleHandlers, ...userHandlers, ...sponsorHandlers, ...campaignHandlers);
