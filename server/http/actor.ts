import type { FastifyRequest } from 'fastify';
import type { AuditAuthor } from '../db/audit-trail';
import { authorityOf, type Authority } from '../modules/roles/authority';
import { principalOf } from './access';

/**
 * Who is writing, as every service receives it: who they are (the change history records their
 * id, name and address), the session they write from (which revocations spare) and what they hold
 * (which bounds whom they may act on and which roles they may assign).
 */
export interface Actor extends AuditAuthor, Authority {
  userId: number;
  sessionId: number | null;
}

/** The actor of a route that is not public (the access hook has already run). */
export const actorOf = (request: FastifyRequest): Actor => {
  const principal = principalOf(request);
  return { userId: principal.id, name: principal.name, address: request.ip, sessionId: request.sessionId, ...authorityOf(principal) };
};
