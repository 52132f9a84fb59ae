import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db, Listen } from '../db/client';
import type { Mailer } from '../mail';
import { storageRoutes, type Storage } from '../storage';
import { apiClientRoutes } from './api-clients/routes';
import { auditRoutes } from './audit/routes';
import { authRoutes } from './auth/routes';
import { bookingRoutes } from './bookings/routes';
import { bookingStreamRoutes, type BookingStreamOptions } from './bookings/stream';
import { campaignCategoryRoutes } from './campaign-categories/routes';
import { campaignRoutes } from './campaigns/routes';
import { categoryRoutes } from './categories/routes';
import { connectorRoutes } from './connectors/routes';
import { countryRoutes } from './countries/routes';
import { customerRoutes } from './customers/routes';
import { dspRoutes } from './dsps/routes';
import { entitlementRoutes } from './entitlements/routes';
import { healthRoutes } from './health/routes';
import type { Readiness } from './health/readiness';
import { planRoutes } from './plans/routes';
import { roleRoutes } from './roles/routes';
import { salesRoutes } from './sales/routes';
import { savedViewRoutes } from './saved-views/routes';
import { searchRoutes } from './search/routes';
import { serviceRoutes } from './services/routes';
import { sponsorRoutes } from './sponsors/routes';
import { userRoutes } from './users/routes';

/** What the modules' routes are built from; each module takes the part it needs. */
export interface ModuleDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  storage: Storage;
  listen: Listen;
  bookingStream: BookingStreamOptions;
  readiness: Readiness;
}

type ModuleRoutes = (app: FastifyInstance, deps: ModuleDeps) => Promise<void>;

/** Every module's routes, registered in this order (a new module is one entry here). */
export const MODULE_ROUTES: ModuleRoutes[] = [
  authRoutes,
  countryRoutes,
  storageRoutes,
  sponsorRoutes,
  campaignRoutes,
  planRoutes,
  categoryRoutes,
  campaignCategoryRoutes,
  serviceRoutes,
  dspRoutes,
  userRoutes,
  roleRoutes,
  connectorRoutes,
  apiClientRoutes,
  customerRoutes,
  entitlementRoutes,
  salesRoutes,
  bookingRoutes,
  auditRoutes,
  savedViewRoutes,
  searchRoutes,
  (app, { db, listen, bookingStream }) => bookingStreamRoutes(app, { db, listen, options: bookingStream }),
  healthRoutes,
];
