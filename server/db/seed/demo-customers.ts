import { PAYMENT_METHODS, type EntitlementStatus } from '../../../contract/entitlement.constants';
import { and, asc, eq } from 'drizzle-orm';
import { hashPassword } from '../../security/password';
import { anyOf } from '../any-of';
import type { Db, Tx } from '../client';
import { countries, customers, dspPlans, dsps, entitlementPeriods, entitlementStatusHistories, entitlements, plans, users } from '../schema';

/** The password every demo customer has (customers do not sign in to the panel; their storefront is the DSP's). */
export const DEMO_CUSTOMER_PASSWORD = 'Cliente-Demo-2026';

interface DemoPerson {
  name: string;
  city: string;
  address: string;
  /** As the country writes it: a Colombian cédula, a Peruvian DNI, a Mexican CURP. */
  dni: string;
  phone: string;
}

/**
 * Believable, fictitious people of each country a demo DSP sells in (ISO 3166-1 code): they live in
 * its cities, dial its prefix, carry its identity document and write to its mail domain. Each DSP
 * takes four people of its own country, in turn.
 */
export const DEMO_PEOPLE: Record<string, { mailDomain: string; people: DemoPerson[] }> = {
  CO: {
    mailDomain: 'correo-demo.co',
    people: [
      { name: 'Laura Martínez Rojas', city: 'Bogotá', address: 'Carrera 15 # 93-47', dni: '1020456781', phone: '+57 310 245 4000' },
      { name: 'Andrés Felipe Gómez', city: 'Medellín', address: 'Calle 10 Sur # 43A-20', dni: '1037612458', phone: '+57 311 562 4111' },
      { name: 'Valentina Herrera Díaz', city: 'Cali', address: 'Avenida 6N # 28-10', dni: '1144083275', phone: '+57 312 318 4222' },
      { name: 'Santiago Pérez Castillo', city: 'Barranquilla', address: 'Calle 84 # 51B-32', dni: '1045698321', phone: '+57 313 604 4333' },
      { name: 'Sebastián Morales Peña', city: 'Bucaramanga', address: 'Carrera 27 # 36-14', dni: '1098765412', phone: '+57 315 742 5012' },
      { name: 'Mariana López Salazar', city: 'Cartagena', address: 'Calle del Arsenal 8B-58', dni: '1047452398', phone: '+57 316 228 5123' },
      { name: 'Nicolás Ramírez Acosta', city: 'Pereira', address: 'Avenida Circunvalar # 8-27', dni: '1088301276', phone: '+57 317 455 5234' },
      { name: 'Catalina Vargas Suárez', city: 'Bogotá', address: 'Calle 72 # 10-34', dni: '52874109', phone: '+57 318 690 5345' },
    ],
  },
  PE: {
    mailDomain: 'correo-demo.pe',
    people: [
      { name: 'Daniela Torres Vega', city: 'Lima', address: 'Av. Larco 1150, Miraflores', dni: '45871236', phone: '+51 987 654 321' },
      { name: 'Renzo Quispe Huamán', city: 'Lima', address: 'Jr. de la Unión 850, Cercado de Lima', dni: '70214589', phone: '+51 956 210 478' },
      { name: 'Lucía Flores Chávez', city: 'Arequipa', address: 'Calle Mercaderes 212', dni: '41236987', phone: '+51 974 118 305' },
      { name: 'Diego Mendoza Ríos', city: 'Trujillo', address: 'Av. España 1540', dni: '47789012', phone: '+51 945 632 871' },
    ],
  },
  MX: {
    mailDomain: 'correo-demo.mx',
    people: [
      { name: 'Camila Rodríguez Ortiz', city: 'Ciudad de México', address: 'Av. Insurgentes Sur 1602', dni: 'ROOC900514MDFDRM03', phone: '+52 55 4123 8890' },
      { name: 'José Luis Hernández Ruiz', city: 'Guadalajara', address: 'Av. Chapultepec 480', dni: 'HERJ850312HJCRZS09', phone: '+52 33 3615 2240' },
      { name: 'Ximena García Luna', city: 'Monterrey', address: 'Av. Constitución 2050', dni: 'GALX920807MNLRNMA1', phone: '+52 81 8342 1175' },
      { name: 'Emiliano Ramírez Soto', city: 'Ciudad de México', address: 'Calle Durango 230, Roma Norte', dni: 'RASE880121HDFMTM04', phone: '+52 55 5584 3312' },
    ],
  },
};

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
  const allDsps = await tx
    .select({ id: dsps.id, name: dsps.name, country: countries.code })
    .from(dsps)
    .innerJoin(countries, eq(countries.id, dsps.countryId))
    .orderBy(asc(dsps.id));
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
  /** How many DSPs of each country have taken their people, so the next takes the next four. */
  const turns = new Map<string, number>();
  for (const [dspIndex, dsp] of pending.entries()) {
    const offered = sold.filter((plan) => plan.dspId === dsp.id);
    // A DSP of a country without demo people gets none, rather than foreigners with the wrong papers.
    const local = dsp.country ? DEMO_PEOPLE[dsp.country] : undefined;
    if (offered.length === 0 || !local) continue;
    const turn = turns.get(dsp.country!) ?? 0;
    turns.set(dsp.country!, turn + 1);
    for (const [index, story] of STORIES.entries()) {
      const person = local.people[(turn * STORIES.length + index) % local.people.length]!;
      const [customer] = await tx
        .insert(customers)
        .values({
          dspId: dsp.id,
          dni: person.dni,
          name: person.name,
          email: `${mailbox(person.name)}@${local.mailDomain}`,
          phone: person.phone,
          meta: { address: person.address, city: person.city },
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
