import { setupServer } from 'msw/node';
import { contractBreaches } from './envelope';
import { accountDb, accountHandlers } from './handlers/account';
import { apiClientHandlers, apiClientsDb } from './handlers/api-clients';
import { auditDb, auditHandlers } from './handlers/audit';
import { authHandlers } from './handlers/auth';
import { bookingHandlers, bookingsDb } from './handlers/bookings';
import { campaignCategoriesDb, campaignCategoryHandlers } from './handlers/campaign-categories';
import { campaignHandlers, campaignsDb } from './handlers/campaigns';
import { categoriesDb, categoryHandlers } from './handlers/categories';
import { connectorHandlers, connectorsDb } from './handlers/connectors';
import { countryHandlers } from './handlers/countries';
import { customerHandlers, customersDb } from './handlers/customers';
import { dspStaffDb, dspStaffHandlers } from './handlers/dsp-staff';
import { dspStaffListDb, dspStaffListHandlers } from './handlers/dsp-staff-list';
import { dspHandlers, dspsDb } from './handlers/dsps';
import { entitlementHandlers, entitlementsDb } from './handlers/entitlements';
import { offerListHandlers } from './handlers/offer-lists';
import { planHandlers, plansDb } from './handlers/plans';
import { roleHandlers, rolesDb } from './handlers/roles';
import { salesDb, salesHandlers } from './handlers/sales';
import { serviceHandlers, servicesDb } from './handlers/services';
import { sponsorHandlers, sponsorsDb } from './handlers/sponsors';
import { userHandlers, usersDb } from './handlers/users';

/** Every component test shares this server; a test adds its own handlers with `server.use`. */
export const server = setupServer(
  // Before any `v1/dsps/:id` handler, so `v1/dsps/staff` is not read as a DSP's id.
  ...dspStaffHandlers,
  ...dspStaffListHandlers,
  ...authHandlers,
  ...countryHandlers,
  ...roleHandlers,
  ...userHandlers,
  ...sponsorHandlers,
  ...campaignHandlers,
  ...planHandlers,
  ...campaignCategoryHandlers,
  ...serviceHandlers,
  ...offerListHandlers,
  ...categoryHandlers,
  ...accountHandlers,
  ...auditHandlers,
  ...connectorHandlers,
  ...apiClientHandlers,
  ...dspHandlers,
  ...customerHandlers,
  ...entitlementHandlers,
  ...salesHandlers,
  ...bookingHandlers,
);

/** Puts every in-memory store back to its starting data; the test setup calls it before each test. */
export const resetMockStores = () => {
  for (const store of [usersDb, rolesDb, sponsorsDb, campaignsDb, plansDb, campaignCategoriesDb, servicesDb, categoriesDb, accountDb, auditDb, dspsDb, connectorsDb, apiClientsDb, dspStaffDb, dspStaffListDb, customersDb, entitlementsDb, salesDb, bookingsDb]) store.reset();
};

/** Throws when a shared handler answered outside the contract during the test (see `checked`). */
export const assertContractKept = () => {
  const breaches = contractBreaches.splice(0);
  if (breaches.length > 0) throw new Error(`Un handler de msw respondió fuera del contrato:\n${breaches.join('\n')}`);
};
