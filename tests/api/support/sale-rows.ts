import type { EntitlementStatus, PaymentMethod } from '../../../contract/entitlement.constants';
import { customers, entitlements } from '../../../server/db/schema';
import type { TestContext } from './context';

let serial = 0;

/**
 * A customer of `dspId` with one subscription to `planId`, written straight to the database (the
 * customers API is tested on its own), so a test decides the sale's date, status and payment method.
 */
export async function insertSale(
  ctx: TestContext,
  sale: { dspId: number; planId: number; name?: string; email?: string; status?: EntitlementStatus; paymentMethod?: PaymentMethod | null; createdAt?: Date },
) {
  serial += 1;
  const [customer] = await ctx.db
    .insert(customers)
    .values({
      dspId: sale.dspId,
      dni: `VEN-${serial}`,
      name: sale.name ?? `Cliente Venta ${serial}`,
      email: sale.email ?? `venta${serial}@ventas.test`,
      phone: null,
      meta: { address: null, city: null },
      passwordHash: 'x',
      ...(sale.createdAt ? { createdAt: sale.createdAt } : {}),
    })
    .returning({ id: customers.id });
  const [row] = await ctx.db
    .insert(entitlements)
    .values({
      customerId: customer!.id,
      dspId: sale.dspId,
      planId: sale.planId,
      status: sale.status ?? 'ACTIVE',
      paymentMethod: sale.paymentMethod ?? null,
      ...(sale.createdAt ? { createdAt: sale.createdAt } : {}),
    })
    .returning({ id: entitlements.id });
  return { customerId: customer!.id, entitlementId: row!.id };
}
