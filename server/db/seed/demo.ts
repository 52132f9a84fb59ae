import type { CampaignStatus } from '../../../contract/campaign-status';
import type { CommitmentMonths } from '../../../contract/plan.constants';
import { normalizePrice } from '../../../contract/price';
import { websiteHref } from '../../../contract/sponsor';
import { asc, count, eq } from 'drizzle-orm';
import type { Storage } from '../../storage';
import { anyOf } from '../any-of';
import type { Db, Tx } from '../client';
import { DSP_SETTINGS_TEMPLATE, type DspType } from '../../../contract/dsp.constants';
import { campaignCategories, campaigns, categories, countries, dspPlans, dspUsers, dsps, plans, services, sponsors, users } from '../schema';
import { seedDemoBookings } from './demo-bookings';
import { seedDemoCustomers } from './demo-customers';
import { seedDemoApiClients } from './demo-dsp-access';
import { demoPdf } from './demo-documents';
import { bannerPng, logoPng, type Rgb } from './demo-images';

interface DemoCampaign {
  name: string;
  description: string;
  status: CampaignStatus;
  /** Months from today to the start and to the end (negative: in the past). */
  months: [start: number, end: number] | null;
  budget: number | null;
  /** Gradient of the generated image; null leaves the campaign without one. */
  banner: [Rgb, Rgb] | null;
}

interface DemoSponsor {
  name: string;
  /** ISO 3166-1 alpha-2 of a seeded country. */
  country: string;
  /** As a person would type it; stored normalised, as the API does. */
  website: string | null;
  color: Rgb;
  campaigns: DemoCampaign[];
}

/** Believable, fictitious sponsors from several Latin American countries; every campaign status appears. */
export const DEMO_SPONSORS: DemoSponsor[] = [
  { name: 'Andes Protección', country: 'CO', website: 'https://www.andesproteccion.com.co', color: [30, 94, 168], campaigns: [
    { name: 'Hogar Seguro Total', status: 'ACTIVE', months: [-3, 9], budget: 180_000_000, banner: [[30, 94, 168], [72, 187, 230]],
      description: 'Asistencia domiciliaria para clientes de tarjetas de crédito: plomería, cerrajería y electricidad las 24 horas.' },
    { name: 'Auto Tranquilo', status: 'PAUSED', months: [-5, 7], budget: 95_500_000, banner: [[24, 64, 120], [230, 126, 34]],
      description: 'Grúa, cambio de llanta y paso de corriente en todo el territorio nacional para los seguros de vehículo.' },
    { name: 'Mascotas Felices', status: 'DRAFT', months: [2, 14], budget: 60_000_000, banner: null,
      description: 'Consultas veterinarias a domicilio y orientación telefónica para perros y gatos. En preparación con el área comercial.' },
  ] },
  { name: 'Banco del Pacífico Sur', country: 'PE', website: 'bancopacificosur.pe', color: [0, 128, 96], campaigns: [
    { name: 'Cuenta Sueldo Plus', status: 'ACTIVE', months: [-1, 11], budget: 420_000, banner: [[0, 128, 96], [150, 220, 120]],
      description: 'Beneficio de asistencia médica telefónica y chequeo preventivo anual para clientes con cuenta sueldo.' },
    { name: 'Viaje Protegido', status: 'INACTIVE', months: [-14, -2], budget: 250_000, banner: [[0, 90, 70], [40, 160, 200]],
      description: 'Asistencia en viajes nacionales e internacionales para tarjetahabientes: equipaje, médico y legal.' },
  ] },
  { name: 'Azteca Movilidad', country: 'MX', website: 'https://aztecamovilidad.mx', color: [192, 57, 43], campaigns: [
    { name: 'Conductor Seguro', status: 'ACTIVE', months: [-2, 10], budget: 3_500_000, banner: [[192, 57, 43], [243, 156, 18]],
      description: 'Asistencia vial y legal para conductores de plataformas de movilidad en la Ciudad de México y Monterrey.' },
    { name: 'Moto Express', status: 'DRAFT', months: null, budget: null, banner: [[120, 40, 30], [240, 200, 80]],
      description: 'Cobertura para repartidores en motocicleta: grúa, asistencia médica por accidente y reposición de casco.' },
  ] },
  { name: 'Austral Seguros', country: 'CL', website: 'https://www.australseguros.cl', color: [44, 62, 80], campaigns: [
    { name: 'Invierno sin Sorpresas', status: 'PAUSED', months: [-4, 2], budget: 85_000_000, banner: [[44, 62, 80], [120, 160, 200]],
      description: 'Asistencia de calefacción, filtraciones y techumbre para hogares de Santiago, Concepción y Temuco.' },
    { name: 'Pyme Activa', status: 'ACTIVE', months: [0, 12], budget: 120_000_000, banner: [[30, 40, 60], [90, 200, 170]],
      description: 'Orientación legal, contable y tecnológica para pequeñas empresas clientes del seguro comercial.' },
  ] },
  { name: 'Pampa Salud', country: 'AR', website: 'pampasalud.com.ar', color: [41, 128, 185], campaigns: [
    { name: 'Telemedicina Familiar', status: 'ACTIVE', months: [-6, 6], budget: 48_000_000, banner: [[41, 128, 185], [142, 68, 173]],
      description: 'Videoconsultas ilimitadas con médicos clínicos y pediatras para el grupo familiar, de lunes a domingo.' },
    { name: 'Salud Dental', status: 'INACTIVE', months: [-18, -6], budget: 22_000_000, banner: null,
      description: 'Urgencias odontológicas y limpieza anual en la red de prestadores de Buenos Aires y Córdoba.' },
  ] },
  { name: 'Galápagos Asistencia', country: 'EC', website: 'https://galapagosasistencia.ec', color: [22, 160, 133], campaigns: [
    { name: 'Celular Protegido', status: 'ACTIVE', months: [-1, 5], budget: 75_000, banner: [[22, 160, 133], [46, 204, 113]],
      description: 'Asistencia técnica y reposición de pantalla para clientes de planes pospago.' },
  ] },
  { name: 'Caribe Hogar', country: 'CO', website: null, color: [211, 84, 0], campaigns: [
    { name: 'Temporada de Lluvias', status: 'DRAFT', months: [1, 5], budget: 40_000_000, banner: [[211, 84, 0], [241, 196, 15]],
      description: 'Prevención y atención de emergencias por inundación para hogares de la costa Caribe.' },
  ] },
  { name: 'Río de la Plata Telecom', country: 'UY', website: 'http://rioplatatelecom.com.uy', color: [108, 52, 131], campaigns: [
    { name: 'Conectados', status: 'PAUSED', months: [-2, 4], budget: 1_200_000, banner: [[108, 52, 131], [52, 152, 219]],
      description: 'Soporte técnico remoto y visita a domicilio para clientes de fibra óptica en Montevideo.' },
    { name: 'Hogar Digital', status: 'INACTIVE', months: null, budget: 900_000, banner: [[60, 30, 90], [200, 120, 200]],
      description: 'Instalación de dispositivos inteligentes y asesoría de redes domésticas.' },
  ] },
];

/**
 * The plan tiers of a demo campaign, cheapest first. Plus upgrades Esencial and Premium upgrades
 * Plus (`upgrades` is the index of the base tier); Familiar stands alone.
 */
const DEMO_PLAN_TIERS: {
  name: string;
  summary: string;
  inclusions: string[];
  exclusions: string[];
  commitment: CommitmentMonths;
  trialDays: number | null;
  autoRenew: boolean;
  upgrades: number | null;
  color: Rgb;
}[] = [
  {
    name: 'Esencial',
    summary: 'Lo indispensable',
    inclusions: ['Orientación telefónica 24/7', '2 servicios al año'],
    exclusions: ['Materiales y repuestos', 'Daños anteriores a la afiliación'],
    commitment: 1,
    trialDays: null,
    autoRenew: false,
    upgrades: null,
    color: [96, 125, 139],
  },
  {
    name: 'Plus',
    summary: 'Más servicios y atención prioritaria',
    inclusions: ['Orientación telefónica 24/7', '4 servicios al año', 'Atención prioritaria'],
    exclusions: ['Materiales y repuestos'],
    commitment: 6,
    trialDays: 15,
    autoRenew: true,
    upgrades: 0,
    color: [33, 150, 243],
  },
  {
    name: 'Premium',
    summary: 'Servicios ilimitados y cobertura ampliada',
    inclusions: ['Orientación telefónica 24/7', 'Servicios ilimitados', 'Atención prioritaria', 'Materiales básicos incluidos'],
    exclusions: ['Eventos de fuerza mayor'],
    commitment: 12,
    trialDays: 30,
    autoRenew: true,
    upgrades: 1,
    color: [156, 39, 176],
  },
  {
    name: 'Familiar',
    summary: 'Para el titular y hasta cuatro beneficiarios',
    inclusions: ['Titular y 4 beneficiarios', '6 servicios al año'],
    exclusions: ['Beneficiarios mayores de 70 años'],
    commitment: 12,
    trialDays: null,
    autoRenew: false,
    upgrades: null,
    color: [0, 150, 136],
  },
];

/** Each tier's price as people in the campaign's country write it (read with the API's own normaliser). */
const DEMO_PRICES: Record<string, [string, string, string, string]> = {
  CO: ['$ 29.900', '$ 49.900', '$ 79.900', '$ 119.900'],
  PE: ['S/ 19,90', 'S/ 34,90', 'S/ 59,90', 'S/ 89,90'],
  MX: ['$ 149.00', '$ 249.00', '$ 399.00', '$ 599.00'],
  CL: ['$ 4.990', '$ 8.990', '$ 14.990', '$ 21.990'],
  AR: ['$ 9.500', '$ 15.900', '$ 24.900', '$ 38.500'],
  EC: ['US$ 2,99', 'US$ 4,99', 'US$ 7,99', 'US$ 11,99'],
  UY: ['$ 390', '$ 590', '$ 890', '$ 1.290'],
};

const demoPrice = (country: string, tier: number): string | null => {
  const written = DEMO_PRICES[country]?.[tier];
  if (!written) return null;
  const parsed = normalizePrice(written);
  if (!parsed.ok) throw new Error(`demo price ${written}: ${parsed.message}`);
  return parsed.value;
};

/** How many tiers a demo campaign sells: 2, 3 or 4, by its place among the campaigns with plans. */
const tierCount = (place: number) => 2 + (place % 3);

/** Campaigns that sell plans in the demo: the active ones and those being prepared. */
const sellsPlans = (campaign: DemoCampaign) => campaign.status === 'ACTIVE' || campaign.status === 'DRAFT';

/** 'YYYY-MM-DD', `months` from `today` (first day of that month, so dates read naturally). */
const monthsFrom = (today: Date, months: number): string => {
  const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + months, 1));
  return date.toISOString().slice(0, 10);
};

/**
 * The demo sponsors with their logos and campaigns, on a database without sponsors. Files go
 * through `storage`; if the database write fails they are removed again.
 */
export async function seedDemo(db: Db, storage: Storage, today = new Date()): Promise<{ sponsors: number; campaigns: number; plans: number }> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(sponsors);
  if (total > 0) return { sponsors: 0, campaigns: 0, plans: 0 };

  const codes = [...new Set(DEMO_SPONSORS.map((sponsor) => sponsor.country))];
  const countryIds = new Map(
    (await db.select({ id: countries.id, code: countries.code }).from(countries).where(anyOf(countries.code, codes))).map((row) => [
      row.code,
      row.id,
    ]),
  );
  const wanted = DEMO_SPONSORS.filter((sponsor) => countryIds.has(sponsor.country));

  const stored: string[] = [];
  const store = async (content: Buffer, folder: 'sponsors' | 'campaigns' | 'plans' | 'dsps', extension: 'png' | 'pdf' = 'png') => {
    const key = await storage.put(content, { folder, extension });
    stored.push(key);
    return key;
  };

  try {
    type PreparedPlan = { tier: number; imagePath: string; documentPath: string };
    const prepared: { sponsor: DemoSponsor; logoPath: string; images: (string | null)[]; plans: PreparedPlan[][] }[] = [];
    let place = 0;
    for (const sponsor of wanted) {
      const logoPath = await store(logoPng(sponsor.name, sponsor.color, 256), 'sponsors');
      const images: (string | null)[] = [];
      const campaignPlans: PreparedPlan[][] = [];
      for (const campaign of sponsor.campaigns) {
        images.push(campaign.banner ? await store(bannerPng(...campaign.banner, campaign.name), 'campaigns') : null);
        const tiers: PreparedPlan[] = [];
        if (sellsPlans(campaign)) {
          for (let tier = 0; tier < tierCount(place); tier++) {
            const plan = DEMO_PLAN_TIERS[tier]!;
            const title = `${campaign.name} ${plan.name}`;
            // Small banners: a plan card's image is small, and the first start stays quick.
            const imagePath = await store(bannerPng(plan.color, sponsor.color, `Plan ${plan.name}`, 320, 120), 'plans');
            const documentPath = await store(
              demoPdf(`Condiciones del plan ${title}`, [
                `${sponsor.name}. ${plan.summary}.`,
                'Incluye:',
                ...plan.inclusions.map((line) => `- ${line}`),
                'No incluye:',
                ...plan.exclusions.map((line) => `- ${line}`),
                `Permanencia: ${plan.commitment} ${plan.commitment === 1 ? 'mes' : 'meses'}.`,
              ]),
              'plans',
              'pdf',
            );
            tiers.push({ tier, imagePath, documentPath });
          }
          place++;
        }
        campaignPlans.push(tiers);
      }
      prepared.push({ sponsor, logoPath, images, plans: campaignPlans });
    }
    const dspImages = new Map<string, string>();
    for (const demo of DEMO_DSPS) {
      const owner = wanted.find((sponsor) => sponsor.name === demo.sponsor);
      if (owner) dspImages.set(demo.name, await store(logoPng(demo.name, owner.color, 256), 'dsps'));
    }

    let campaignCount = 0;
    let planCount = 0;
    await db.transaction(async (tx) => {
      for (const { sponsor, logoPath, images, plans: campaignPlans } of prepared) {
        const countryId = countryIds.get(sponsor.country)!;
        const [row] = await tx
          .insert(sponsors)
          .values({ name: sponsor.name, countryId, websiteUrl: websiteHref(sponsor.website), logoPath })
          .returning({ id: sponsors.id });
        const inserted = await tx
          .insert(campaigns)
          .values(
            sponsor.campaigns.map((campaign, index) => ({
              name: campaign.name,
              description: campaign.description,
              status: campaign.status,
              sponsorId: row!.id,
              countryId,
              imagePath: images[index] ?? null,
              startDate: campaign.months ? monthsFrom(today, campaign.months[0]) : null,
              endDate: campaign.months ? monthsFrom(today, campaign.months[1]) : null,
              budget: campaign.budget === null ? null : campaign.budget.toFixed(2),
            })),
          )
          .returning({ id: campaigns.id });
        campaignCount += sponsor.campaigns.length;
        for (const [index, campaign] of sponsor.campaigns.entries()) {
          // One tier at a time: an upgrade points at the id its base tier just got.
          const ids: number[] = [];
          for (const { tier, imagePath, documentPath } of campaignPlans[index]!) {
            const plan = DEMO_PLAN_TIERS[tier]!;
            const [created] = await tx
              .insert(plans)
              .values({
                campaignId: inserted[index]!.id,
                name: `Plan ${plan.name}`,
                description: `${plan.summary}: ${campaign.description}`,
                price: demoPrice(sponsor.country, tier),
                status: campaign.status === 'ACTIVE' && tier < 3 ? 'ACTIVE' : 'DRAFT',
                imagePath,
                documentPath,
                inclusions: plan.inclusions.join('\n'),
                exclusions: plan.exclusions.join('\n'),
                commitmentMonths: plan.commitment,
                trialDays: plan.trialDays,
                autoRenew: plan.autoRenew,
                planId: plan.upgrades === null ? null : (ids[plan.upgrades] ?? null),
              })
              .returning({ id: plans.id });
            ids.push(created!.id);
            planCount++;
          }
        }
      }
      await seedOffer(tx);
      const seededPlans = await tx.select({ id: plans.id, campaignId: plans.campaignId }).from(plans).orderBy(asc(plans.id));
      const plansByCampaign = new Map<number, number[]>();
      for (const plan of seededPlans) plansByCampaign.set(plan.campaignId, [...(plansByCampaign.get(plan.campaignId) ?? []), plan.id]);
      await seedServices(tx, plansByCampaign);
      await seedDemoDsps(tx, dspImages);
      await seedDemoApiClients(tx);
      await seedDemoCustomers(tx, today);
      await seedDemoBookings(tx, today);
    });
    return { sponsors: prepared.length, campaigns: campaignCount, plans: planCount };
  } catch (error) {
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
}

/** The demo catalogue: root categories ('Padre'), each with its subcategories. */
export const DEMO_CATALOGUE: { name: string; description: string; subcategories: string[] }[] = [
  { name: 'Hogar', description: 'Reparaciones y emergencias en la vivienda.', subcategories: ['Plomería', 'Cerrajería', 'Electricidad'] },
  { name: 'Vehículos', description: 'Auxilio en carretera y trámites del vehículo.', subcategories: ['Grúa', 'Paso de corriente', 'Conductor elegido'] },
  { name: 'Salud', description: 'Orientación médica, consultas y bienestar.', subcategories: ['Telemedicina', 'Médico a domicilio', 'Nutrición'] },
  { name: 'Mascotas', description: 'Cuidado veterinario para perros y gatos.', subcategories: ['Consulta veterinaria', 'Guardería'] },
  { name: 'Tecnología', description: 'Soporte para equipos y dispositivos.', subcategories: ['Soporte remoto', 'Reparación de celulares'] },
  { name: 'Legal y finanzas', description: 'Asesoría jurídica y financiera por teléfono.', subcategories: ['Orientación legal', 'Asesoría tributaria'] },
];

/** The categories of each ACTIVE demo campaign: its own name and the root category it belongs to. */
export const DEMO_CAMPAIGN_CATEGORIES: Record<string, [name: string, root: string][]> = {
  'Hogar Seguro Total': [
    ['Emergencias del hogar', 'Hogar'],
    ['Mantenimiento preventivo', 'Hogar'],
    ['Orientación jurídica', 'Legal y finanzas'],
  ],
  'Cuenta Sueldo Plus': [
    ['Salud del titular', 'Salud'],
    ['Asesoría financiera', 'Legal y finanzas'],
  ],
  'Conductor Seguro': [
    ['Auxilio vial', 'Vehículos'],
    ['Trámites y multas', 'Legal y finanzas'],
  ],
  'Pyme Activa': [
    ['Soporte tecnológico', 'Tecnología'],
    ['Asesoría legal para empresas', 'Legal y finanzas'],
    ['Oficina segura', 'Hogar'],
  ],
  'Telemedicina Familiar': [
    ['Consultas médicas', 'Salud'],
    ['Bienestar y nutrición', 'Salud'],
  ],
  'Celular Protegido': [
    ['Reparación de equipos', 'Tecnología'],
    ['Soporte remoto', 'Tecnología'],
  ],
};

/**
 * The catalogue, and two or three categories for each ACTIVE demo campaign (inside the demo's
 * transaction, so on a database without sponsors: every campaign there is a demo one).
 */
async function seedOffer(tx: Tx): Promise<void> {
  const roots = await tx
    .insert(categories)
    .values(DEMO_CATALOGUE.map((root) => ({ name: root.name, description: root.description })))
    .returning({ id: categories.id, name: categories.name });
  const rootIds = new Map(roots.map((root) => [root.name, root.id]));
  await tx.insert(categories).values(DEMO_CATALOGUE.flatMap((root) => root.subcategories.map((name) => ({ name, parentId: rootIds.get(root.name)! }))));
  const active = await tx.select({ id: campaigns.id, name: campaigns.name }).from(campaigns).where(eq(campaigns.status, 'ACTIVE'));
  const own = active.flatMap((campaign) =>
    (DEMO_CAMPAIGN_CATEGORIES[campaign.name] ?? []).map(([name, root]) => ({ campaignId: campaign.id, categoryId: rootIds.get(root)!, name })),
  );
  if (own.length > 0) await tx.insert(campaignCategories).values(own);
}

/** Services a demo plan may include; `coverage` and `events` null mean unlimited. */
const DEMO_SERVICES: { name: string; description: string; coverage: number | null; events: number | null; period: (typeof services.$inferInsert)['eventPeriod'] }[] = [
  { name: 'Atención de emergencias', description: 'Un técnico en menos de 3 horas, día y noche.', coverage: 350_000, events: 3, period: 'YEARLY' },
  { name: 'Orientación telefónica', description: 'Línea de orientación las 24 horas.', coverage: null, events: null, period: null },
  { name: 'Visita de revisión', description: 'Revisión preventiva programada con el cliente.', coverage: 150_000, events: 1, period: 'SEMI-ANNUALLY' },
  { name: 'Asistencia especializada', description: 'Un profesional certificado para el caso.', coverage: 500_000, events: 2, period: 'YEARLY' },
];

/**
 * Three services for each demo plan (`plansByCampaign`: each campaign's plan ids), each in one of
 * its campaign's categories when the campaign has any (the API requires one then).
 */
export async function seedServices(tx: Db | Tx, plansByCampaign: ReadonlyMap<number, readonly number[]>): Promise<number> {
  const campaignIds = [...plansByCampaign.keys()];
  if (campaignIds.length === 0) return 0;
  const own = await tx
    .select({ id: campaignCategories.id, campaignId: campaignCategories.campaignId })
    .from(campaignCategories)
    .where(anyOf(campaignCategories.campaignId, campaignIds))
    .orderBy(asc(campaignCategories.id));
  const rows: (typeof services.$inferInsert)[] = [];
  for (const [campaignId, planIds] of plansByCampaign) {
    const categoryIds = own.filter((category) => category.campaignId === campaignId).map((category) => category.id);
    planIds.forEach((planId, planIndex) => {
      for (let index = 0; index < 3; index += 1) {
        const service = DEMO_SERVICES[(planIndex + index) % DEMO_SERVICES.length]!;
        rows.push({
          planId,
          categoryId: categoryIds.length > 0 ? categoryIds[(planIndex + index) % categoryIds.length]! : null,
          name: service.name,
          description: service.description,
          coverageAmount: service.coverage === null ? null : service.coverage.toFixed(2),
          unlimitedCoverage: service.coverage === null,
          eventLimit: service.events,
          unlimitedEvents: service.events === null,
          eventPeriod: service.period,
          isActive: true,
        });
      }
    });
  }
  if (rows.length > 0) await tx.insert(services).values(rows);
  return rows.length;
}

interface DemoDsp {
  name: string;
  /** The name of the demo sponsor it sells for. */
  sponsor: string;
  type: DspType;
  website: string;
  address: string;
  phone: string;
  email: string;
  /** As the storefront dials it. */
  phoneCountryCode: string;
}

/** DSPs of every type for the demo sponsors; each sells its sponsor's active plans. */
export const DEMO_DSPS: DemoDsp[] = [
  {
    name: 'Andes Tienda Digital',
    sponsor: 'Andes Protección',
    type: 'SALE',
    website: 'tienda.andesproteccion.com.co',
    address: 'Calle 93 # 11-26, Bogotá',
    phone: '+57 601 745 3300',
    email: 'ventas@andesproteccion.com.co',
    phoneCountryCode: '+57',
  },
  {
    name: 'Andes Agenda',
    sponsor: 'Andes Protección',
    type: 'BOOKING',
    website: 'agenda.andesproteccion.com.co',
    address: 'Carrera 7 # 71-21, Bogotá',
    phone: '+57 601 745 3310',
    email: 'agenda@andesproteccion.com.co',
    phoneCountryCode: '+57',
  },
  {
    name: 'Pacífico Beneficios',
    sponsor: 'Banco del Pacífico Sur',
    type: 'MIXED',
    website: 'beneficios.bancopacificosur.pe',
    address: 'Av. Javier Prado Este 2465, Lima',
    phone: '+51 1 610 4000',
    email: 'beneficios@bancopacificosur.pe',
    phoneCountryCode: '+51',
  },
  {
    name: 'Azteca Móvil',
    sponsor: 'Azteca Movilidad',
    type: 'SALE',
    website: 'movil.aztecamovilidad.mx',
    address: 'Paseo de la Reforma 250, Ciudad de México',
    phone: '+52 55 5080 2200',
    email: 'contacto@aztecamovilidad.mx',
    phoneCountryCode: '+52',
  },
];

/**
 * The demo DSPs (inside the demo's transaction), each selling the active plans of its sponsor's
 * campaigns, with the panel's first active staff assigned so their configuration shows a user.
 */
async function seedDemoDsps(tx: Tx, images: ReadonlyMap<string, string>): Promise<void> {
  const owners = new Map((await tx.select({ id: sponsors.id, name: sponsors.name, countryId: sponsors.countryId }).from(sponsors)).map((row) => [row.name, row]));
  const sellable = await tx
    .select({ id: plans.id, sponsorId: campaigns.sponsorId })
    .from(plans)
    .innerJoin(campaigns, eq(campaigns.id, plans.campaignId))
    .where(eq(plans.status, 'ACTIVE'))
    .orderBy(asc(plans.id));
  const [staff] = await tx.select({ id: users.id }).from(users).where(eq(users.isActive, true)).orderBy(asc(users.id)).limit(1);
  for (const demo of DEMO_DSPS) {
    const owner = owners.get(demo.sponsor);
    const planIds = sellable.filter((plan) => plan.sponsorId === owner?.id).map((plan) => plan.id);
    if (!owner || planIds.length === 0) continue;
    const settings = {
      ...DSP_SETTINGS_TEMPLATE,
      name: demo.name,
      type: demo.type,
      components: { ...DSP_SETTINGS_TEMPLATE.components, title: demo.name, phoneCountryCode: demo.phoneCountryCode },
    };
    const [created] = await tx
      .insert(dsps)
      .values({
        name: demo.name,
        type: demo.type,
        countryId: owner.countryId,
        sponsorId: owner.id,
        websiteUrl: websiteHref(demo.website),
        address: demo.address,
        phonePrimary: demo.phone,
        emailPrimary: demo.email,
        settings,
        imagePath: images.get(demo.name) ?? null,
      })
      .returning({ id: dsps.id });
    await tx.insert(dspPlans).values(planIds.map((planId) => ({ dspId: created!.id, planId })));
    if (staff) await tx.insert(dspUsers).values({ dspId: created!.id, userId: staff.id });
  }
}
