// The second half of the routes of the OpenAPI document, with generated bad input; the first half
// runs in hostile-input.test.ts, in another worker.
import { describeHostileRoutes, hostileSession } from './support/hostile-routes';

describeHostileRoutes(1, 2, hostileSession());
