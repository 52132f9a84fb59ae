import { isFinalEntitlementStatus } from '@contract/entitlement.constants';
import type { Confirmation } from '@/shared/ui/confirm-dialog';
import type { EntitlementStatus } from '../api/entitlement.api';

/** 'al Plan Hogar' when the plan's name says plan, 'al plan Hogar' otherwise. */
const toPlan = (plan: string) => (/^plan\b/i.test(plan) ? `al ${plan}` : `al plan ${plan}`);

/**
 * What staff are asked before giving a subscription a final status, naming the customer and the
 * plan; null when the status is not final and goes without asking.
 */
export function entitlementFinalStatusQuestion(status: EntitlementStatus, customer: string, plan: string): Confirmation | null {
  if (!isFinalEntitlementStatus(status)) return null;
  const subscription = `la suscripción de ${customer} ${toPlan(plan)}`;
  if (status === 'EXPIRED') {
    return {
      title: 'Dar por expirada la suscripción',
      message: `¿Dar por expirada ${subscription}? No se podrá reactivar: solo renovar, con un periodo nuevo.`,
      confirmLabel: 'Sí, dar por expirada',
    };
  }
  return { title: 'Cancelar la suscripción', message: `¿Cancelar ${subscription}? No se podrá reactivar.`, confirmLabel: 'Sí, cancelar' };
}
