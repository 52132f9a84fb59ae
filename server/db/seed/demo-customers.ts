import { PAYMENT_METHODS, type EntitlementStatus } from '../../../contract/entitlement.constants';
import { and, asc, eq } from 'drizzle-orm';
import { hashPassword } from '../../security/password';
import { anyOf } from '../any-of';
import type { Db, Tx } from '../client';
import { customers, dspPlans, dsps, entitlementPeriods, entitlementStatusHistories, entitlements, plans, users } from '../schema';

/** The password every demo customer has (customers do not sign in to the panel; their storefront is the DSP's). */
export const DEMO_CUSTOMER_PASSWORD = 'Cliente-Demo-2026';

/** Believable, fictitious people; each demo DSP takes four of them, in turn. */
const PEOPLE: [name: string, city: string, address: string][] = [
  ['Laura Martínez Rojas', 'Bogotá', 'Carrera 15 # 93-47'],
  ['Andrés Felipe Gómez', 'Medellín', 'Calle 10 Sur # 43A-20'],
  ['Valentina Herrera Díaz', 'Cali', 'Avenida 6N # 28-10'],
  ['Santiago Pérez Castillo', 'Barranquilla', 'Calle 84 # 51B-32'],
  ['Camila Rodríguez Ortiz', 'Ciudad de México', 'Av. Insurgentes Sur 1602'],
  ['José Luis Hernández', 'Guadalajara', 'Av. Chapultepec 480'],
  ['Daniela Torres Vega', 'Lima', 'Av. Larco 1150, Miraflores'],
  ['Mateo Sánchez Ruiz', 'Santiago', 'Av. Providencia 2124'],
  ['Isabella Fernández León', 'Quito', 'Av. Amazonas N34-120'],
  ['Sebastián Morales Peña', 'Bucaramanga', 'Carrera 27 # 36-14'],
  ['Mariana López Salazar', 'Cartagena', 'Calle del Arsenal 8B-58'],
  ['Nicolás Ramírez Acosta', 'Pereira', 'Avenida Circunvalar # 8-27'],
];

/** Ascii, lower case, for the e-mail address: 'Andrés Felipe Gómez' → 'andres.gomez'. */
const mailbox = (name: string) => {
  const words = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/\s+/);
  return `${words[0]}.${words[words.length - 2] ?? words[1]}`;
};

/**
 * How each demo customer's subscriptions went, in order: the statuses they passed through with the
 * reason of each change, so the subscriptions modal shows every status with a believable history.
 */
const STORIES: { path: [EntitlementStatus, string | null][] }[][] = [
  [{ path: [['ACTIVE', null]] }],
  [
    { path: [['ACTIVE', null], ['SUSPENDED', 'Falta de pago de la cuota mensual.']] },
    { path: [['ACTIVE', null], ['CANCELLED', 'El cliente pidió la baja por teléfono.']] },
  ],
  [
    { path: [['ACTIVE', null], ['EXPIRED', 'Terminó la permanencia sin renovación.']] },
    { path: [['PENDING', 'Pago en verificación.']] },
  ],
  [{ path: [['ACTIVE', null], ['SUSPENDED', 'Revisión de documentos.'], ['ACTIVE', 'Documentos verificados.']] }],
];

const DAY = 86_400_000;
const addMonths = (from: Date, months: number) => {
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
};

/**
 * Four customers for each DSP that has none yet (so running it again adds nothing), with
 * subscriptions to the DSP's plans in every status, their periods and their status histories, the
 * changes made by the panel's first active staff member. Inside the demo's transaction.
 */
export async function seedDemoCustomers(tx: Db | Tx, today = new Date()): Promise<number> {
  const allDsps = await tx.select({ id: dsps.id, name: dsps.name }).from(dsps).orderBy(asc(dsps.id));
  const withCustomers = new Set(
    (await tx.selectDistinct({ dspId: customers.dspId }).from(customers).where(anyOf(customers.dspId, allDsps.map((dsp) => dsp.id)))).map(
      (row) => row.dspId,
    ),
  );
  const pending = allDsps.filter((dsp) => !withCustomers.has(dsp.id));
  if (pending.length === 0) return 0;
  const [staff] = await tx.select({ id: users.id }).from(users).where(eq(users.isActive, true)).orderBy(asc(users.id)).limit(1);
  const passwordHash = await hashPassword(DEMO_CUSTOMER_PASSWORD);
  const sold = await tx
    .select({ dspId: dspPlans.dspId, planId: plans.id, months: plans.commitmentMonths })
    .from(dspPlans)
    .innerJoin(plans, eq(plans.id, dspPlans.planId))
    .where(anyOf(dspPlans.dspId, pending.map((dsp) => dsp.id)))
    .orderBy(asc(plans.id));
  let created = 0;
  for (const [dspIndex, dsp] of pending.entries()) {
    const offered = sold.filter((plan) => plan.dspId === dsp.id);
    if (offered.length === 0) continue;
    for (const [index, story] of STORIES.entries()) {
      const [name, city, address] = PEOPLE[(dspIndex * STORIES.length + index) % PEOPLE.length]!;
      const [customer] = await tx
        .insert(customers)
        .values({
          dspId: dsp.id,
          dni: String(1_010_000_000 + dsp.id * 1_000 + index * 37),
          name,
          email: `${mailbox(name)}@correo-demo.co`,
          phone: `+57 3${String(10 + index)} ${String(200 + dsp.id).padStart(3, '0')} ${String(4_000 + index * 111)}`,
          meta: { address, city },
          passwordHash,
        })
        .returning({ id: customers.id });
      created++;
      for (const [planIndex, { path }] of story.entries()) {
        const plan = offered[(index + planIndex) % offered.length]!;
        // Each step a few weeks apart, the last one a week ago.
        const stepDate = (step: number) => new Date(today.getTime() - ((path.length - step) * 30 + 7) * DAY);
        const status = path[path.length - 1]![0];
        const [entitlement] = await tx
          .insert(entitlements)
          .values({
            customerId: customer!.id,
            dspId: dsp.id,
            planId: plan.planId,
            status,
            // Every method shows up among a DSP's sales; a pending payment has none recorded yet.
            paymentMethod: status === 'PENDING' ? null : PAYMENT_METHODS[(dspIndex + index + planIndex) % PAYMENT_METHODS.length]!,
            createdAt: stepDate(0),
            updatedAt: stepDate(path.length - 1),
          })
          .onConflictDoNothing()
          .returning({ id: entitlements.id });
        if (!entitlement) continue;
        let previous: EntitlementStatus | null = null;
        for (const [step, [next, reason]] of path.entries()) {
          const at = stepDate(step);
          if (previous === 'ACTIVE') {
            await tx
              .update(entitlementPeriods)
              .set({ isOpen: false, state: next, endsAt: at })
              .where(and(eq(entitlementPeriods.entitlementId, entitlement.id), eq(entitlementPeriods.isOpen, true)));
          }
          if (next === 'ACTIVE') {
            await tx.insert(entitlementPeriods).values({ entitlementId: entitlement.id, state: 'ACTIVE', startsAt: at, endsAt: addMonths(at, plan.months), isOpen: true, createdAt: at });
          }
          await tx.insert(entitlementStatusHistories).values({ entitlementId: entitlement.id, oldStatus: previous, newStatus: next, reason, changedBy: staff?.id ?? null, createdAt: at });
          previous = next;
        }
      }
    }
  }
  return created;
}
