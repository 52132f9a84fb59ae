import { setupServer } from 'msw/node';
import { authHandlers } from './handlers/auth';

/** Every component test shares this server; a test adds its own handlers with `server.use`. */
export const server = setupServer(...authHandlers);
