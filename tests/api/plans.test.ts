import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { countries, plans } from '../../server/db/schema';
import { bearer, createTestContext, multipart, type TestContext } from './support/context';
import { SVG_BYTES, file, keyOf, pngBytes, storedKeys, tempDataDir } from './support/uploads';

let ctx: TestContext;
let token: string;
const data = tempDataDir('plans');
let colombia: number;
let sponsorId: number;
/** A campaign each describe can fill without disturbing the others. */
let campaignA: number;
let campaignB: number;

/** A small but valid PDF. */
const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

beforeAll(async () => {
  ctx = await createTestContext({ dataDir: data.dir });
  token = await ctx.signIn();
  const [row] = await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'CO'));
  colombia = row!.id;
  const sponsor = await ctx.inject({ method: 'POST', url: '/api/v1/sponsors', headers: auth(), payload: { name: 'Andes Protección', country_id: colombia } });
  sponsorId = sponsor.json().data.id;
  campaignA = await newCampaign('Hogar Seguro');
  campaignB = await newCampaign('Auto Tranquilo');
});
afterAll(async () => {
  await ctx?.close();
  data.cleanup();
});

const auth = () => bearer(token);

async function newCampaign(name: string) {
  const response = await ctx.inject({ method: 'POST', url: '/api/v1/campaigns', headers: auth(), payload: { name, sponsor_id: sponsorId } });
  return response.json().data.id as number;
}

const post = async (campaignId: number, fields: Record<string, string | Blob>) => {
  const body = await multipart(fields);
  return ctx.inject({ method: 'POST', url: `/api/v1/campaigns/${campaignId}/plans`, headers: { ...auth(), ...body.headers }, payload: body.payload });
};
const postJson = (campaignId: number, payload: Record<string, unknown>) =>
  ctx.inject({ method: 'POST', url: `/api/v1/campaigns/${campaignId}/plans`, headers: auth(), payload });
const update = async (id: number, fields: Record<string, string | Blob>) => {
  const body = await multipart({ _method: 'PUT', ...fields });
  return ctx.inject({ method: 'POST', url: `/api/v1/plans/${id}`, headers: { ...auth(), ...body.headers }, payload: body.payload });
};
const get = (url: string) => ctx.inject({ method: 'GET', url, headers: auth() });
const remove = (id: number) => ctx.inject({ method: 'DELETE', url: `/api/v1/plans/${id}`, headers: auth() });

type PlanAnswer = { id: number; name: string; image_url: string | null; document_url: string | null } & Record<string, unknown>;

async function createPlan(campaignId: number, payload: Record<string, unknown>): Promise<PlanAnswer> {
  const response = await postJson(campaignId, { description: 'Asistencia completa.', ...payload });
  if (response.statusCode !== 201) throw new Error(`create failed ${response.statusCode}: ${response.body}`);
  return response.json().data as PlanAnswer;
}

const storedPrice = async (id: number) => (await ctx.db.select({ price: plans.price }).from(plans).where(eq(plans.id, id)))[0]!.price;

describe('POST /api/v1/campaigns/:campaignId/plans', () => {
  it('creates a plan from multipart with an image and a PDF, with the defaults and every text trimmed', async () => {
    const png = pngBytes(10, [10, 120, 60]);
    const response = await post(campaignA, {
      name: '  Plan Hogar Básico  ',
      description: '  Plomería y cerrajería.  ',
      price: '$ 1.250.000',
      inclusions: 'Plomería\r\nCerrajería\r\nElectricidad',
      exclusions: 'Daños previos',
      trial_days: '15',
      apolo_code_ref: '   ',
      meta: '{"canal":"web","prioridad":2}',
      image: file(png, 'plan.png', 'image/png'),
      document: file(PDF_BYTES, 'condiciones.pdf', 'application/pdf'),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Plan creado correctamente.');
    const created = response.json().data;
    expect(created).toMatchObject({
      campaign_id: campaignA,
      name: 'Plan Hogar Básico',
      description: 'Plomería y cerrajería.',
      price: 1250000,
      status: 'DRAFT',
      inclusions: 'Plomería\nCerrajería\nElectricidad',
      exclusions: 'Daños previos',
      commitment_months: 1,
      trial_days: 15,
      auto_renew: false,
      meta: { canal: 'web', prioridad: 2 },
      apolo_code_ref: null,
      plan_id: null,
      parent: null,
      campaign: { id: campaignA, name: 'Hogar Seguro', sponsor_id: sponsorId, sponsor_name: 'Andes Protección' },
    });
    expect(created.image_url).toMatch(/^\/storage\/plans\/[0-9a-f]{32}\.png$/);
    expect(created.document_url).toMatch(/^\/storage\/plans\/[0-9a-f]{32}\.pdf$/);
    expect(created.pdf_url).toBe(created.document_url);
    const pdf = await ctx.inject({ method: 'GET', url: created.document_url });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload).toEqual(PDF_BYTES);
    const image = await ctx.inject({ method: 'GET', url: created.image_url });
    expect(image.rawPayload).toEqual(png);
    expect(await storedPrice(created.id)).toBe('1250000.00');
  });

  it('takes every status, commitment and auto-renew value, and JSON or text meta', async () => {
    const months = [1, 3, 6, 12, 18, 24];
    for (const [index, status] of ['DRAFT', 'ACTIVE', 'INACTIVE'].entries()) {
      const created = await createPlan(campaignB, { name: `Estado ${status}`, status, commitment_months: String(months[index + 3]), auto_renew: index === 1 ? 'true' : '0' });
      expect(created).toMatchObject({ status, commitment_months: months[index + 3], auto_renew: index === 1 });
    }
    for (const commitment of months) {
      expect((await createPlan(campaignB, { name: `Permanencia ${commitment}`, commitment_months: commitment })).commitment_months).toBe(commitment);
    }
    expect((await createPlan(campaignB, { name: 'Meta texto', meta: '  solo texto  ' })).meta).toBe('solo texto');
    expect((await createPlan(campaignB, { name: 'Meta JSON', meta: { canal: 'app' } })).meta).toEqual({ canal: 'app' });
    expect((await createPlan(campaignB, { name: 'Meta lista', meta: '[1,2]' })).meta).toEqual([1, 2]);
    expect((await createPlan(campaignB, { name: 'Auto sí', auto_renew: true, trial_days: 0 })).trial_days).toBe(0);
    const plain = await createPlan(campaignB, { name: 'Sin extras', apolo_code_ref: '  APO-77  ' });
    expect(plain).toMatchObject({ price: null, trial_days: null, meta: null, inclusions: null, image_url: null, document_url: null, apolo_code_ref: 'APO-77' });
  });

  it('reads prices as people write them and keeps them exact', async () => {
    const cases: [unknown, number, string][] = [
      ['30.000', 30000, '30000.00'],
      ['30.99', 30.99, '30.99'],
      ['30,99', 30.99, '30.99'],
      ['1.250.000,50', 1250000.5, '1250000.50'],
      ['1,250,000.50', 1250000.5, '1250000.50'],
      ['1.250', 1250, '1250.00'],
      ['1,5', 1.5, '1.50'],
      ['COP 45.900', 45900, '45900.00'],
      [19.99, 19.99, '19.99'],
      ['999.999.999.999,99', 999999999999.99, '999999999999.99'],
    ];
    for (const [index, [price, answered, stored]] of cases.entries()) {
      const created = await createPlan(campaignB, { name: `Precio ${index}`, price });
      expect(created.price, String(price)).toBe(answered);
      expect(await storedPrice(created.id), String(price)).toBe(stored);
    }
  });

  it('refuses what is not a price, a negative one and a third decimal, on the price field in Spanish', async () => {
    const cases: [unknown, string][] = [
      ['abc', 'El precio no es válido: escribe un número como 30.000, 30,99 o $ 1.250.000.'],
      ['1.2.3,4,5', 'El precio no es válido: escribe un número como 30.000, 30,99 o $ 1.250.000.'],
      ['--5', 'El precio no es válido: escribe un número como 30.000, 30,99 o $ 1.250.000.'],
      ['-5', 'El precio no puede ser negativo.'],
      [-5, 'El precio no puede ser negativo.'],
      ['1234,567', 'El precio admite como máximo 2 decimales.'],
      [1.005, 'El precio admite como máximo 2 decimales.'],
      ['1.000.000.000.000', 'El precio no puede superar 999.999.999.999,99.'],
      [true, 'El precio no es válido: escribe un número como 30.000, 30,99 o $ 1.250.000.'],
    ];
    for (const [price, message] of cases) {
      const response = await postJson(campaignB, { name: 'Precio malo', description: 'x', price });
      expect(response.statusCode, String(price)).toBe(422);
      expect(response.json().errors, String(price)).toEqual({ price: [message] });
    }
    expect(await ctx.db.select().from(plans).where(eq(plans.name, 'Precio malo'))).toEqual([]);
  });

  it('validates every other field in Spanish (422)', async () => {
    const response = await postJson(campaignB, {
      name: '   ',
      description: '',
      status: 'PAUSED',
      commitment_months: 5,
      trial_days: -1,
      auto_renew: 'quizás',
      meta: '{"roto": ',
      apolo_code_ref: 'A'.repeat(101),
      plan_id: 'uno',
      inclusions: 'x'.repeat(5001),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 'error',
      request_id: expect.any(String),
      message: 'Los datos enviados no son válidos.',
      errors: {
        name: ['El nombre es requerido'],
        description: ['La descripción es requerida'],
        status: ['El estado debe ser DRAFT, ACTIVE o INACTIVE.'],
        commitment_months: ['La permanencia debe ser de 1, 3, 6, 12, 18 o 24 meses.'],
        trial_days: ['Los días de prueba deben ser un número entero entre 0 y 3650.'],
        auto_renew: ['auto_renew debe ser verdadero o falso (1/0/true/false).'],
        meta: ['meta empieza como JSON pero no es un JSON válido.'],
        apolo_code_ref: ['El código Apolo no puede superar 100 caracteres.'],
        plan_id: ['El plan base no es válido.'],
        inclusions: ['Las inclusiones no pueden superar 5000 caracteres.'],
      },
    });
    const missing = await postJson(campaignB, {});
    expect(missing.json().errors).toEqual({ name: ['El nombre es requerido'], description: ['La descripción es requerida'] });
    for (const trial of ['1.5', 'abc', 3651]) {
      expect((await postJson(campaignB, { name: 'x', description: 'x', trial_days: trial })).json().errors, String(trial)).toEqual({
        trial_days: ['Los días de prueba deben ser un número entero entre 0 y 3650.'],
      });
    }
  });

  it('checks files by their bytes: an image must be PNG, JPG or GIF and the document a PDF (415)', async () => {
    const svg = await post(campaignB, { name: 'Con SVG', description: 'x', image: file(SVG_BYTES, 'a.png', 'image/png') });
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toMatch(/^El archivo de imagen debe ser/);
    const pngAsPdf = await post(campaignB, { name: 'PNG como PDF', description: 'x', document: file(pngBytes(), 'doc.pdf', 'application/pdf') });
    expect(pngAsPdf.statusCode).toBe(415);
    expect(pngAsPdf.json().message).toBe('El archivo de documento debe ser un PDF.');
    // Each refusal names its field, so a form with two files shows it under the right one.
    expect(svg.json().errors).toEqual({ image: [svg.json().message] });
    expect(pngAsPdf.json().errors).toEqual({ document: ['El archivo de documento debe ser un PDF.'] });
    const pdfAsImage = await post(campaignB, { name: 'PDF como imagen', description: 'x', image: file(PDF_BYTES, 'a.png', 'image/png') });
    expect(pdfAsImage.statusCode).toBe(415);
    const text = await postJson(campaignB, { name: 'Texto', description: 'x', document: 'no soy un archivo' });
    expect(text.statusCode).toBe(422);
    expect(text.json().errors).toEqual({ document: ['El documento debe enviarse como archivo PDF.'] });
    expect(await ctx.db.select().from(plans).where(eq(plans.name, 'Con SVG'))).toEqual([]);
    expect(storedKeys(data.uploads).filter((key) => key.startsWith('plans/')).every((key) => !key.endsWith('.svg'))).toBe(true);
  });

  it('refuses a document over 10 MB (413) and keeps nothing of it', async () => {
    const before = storedKeys(data.uploads);
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(10 * 1024 * 1024)]);
    const response = await post(campaignB, { name: 'Enorme', description: 'x', document: file(big, 'big.pdf', 'application/pdf') });
    expect(response.statusCode).toBe(413);
    expect(response.json().errors).toEqual({ document: ['El archivo supera el máximo de 10 MB.'] });
    expect(storedKeys(data.uploads)).toEqual(before);
  });

  it('answers 404 for a campaign that does not exist', async () => {
    const response = await postJson(999999, { name: 'Huérfano', description: 'x' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('La campaña no existe.');
    expect((await get('/api/v1/campaigns/999999/plans')).statusCode).toBe(404);
  });
});

describe('unique names within a campaign', () => {
  it('refuses a second plan with the same name in the campaign (409 on name), case, accents and spaces ignored', async () => {
    const campaign = await newCampaign('Nombres Únicos');
    const other = await newCampaign('Nombres Otros');
    await createPlan(campaign, { name: 'Plan Óptimo' });
    const taken = await postJson(campaign, { name: '  plan optimo ', description: 'x' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      status: 'error',
      request_id: expect.any(String),
      message: 'Ya existe un plan con ese nombre en esta campaña.',
      errors: { name: ['Ya existe un plan con ese nombre en esta campaña.'] },
    });
    await createPlan(other, { name: 'Plan Óptimo' });
    const second = await createPlan(campaign, { name: 'Plan Dos' });
    expect((await update(second.id, { name: 'PLAN ÓPTIMO' })).statusCode).toBe(409);
    expect((await update(second.id, { name: 'Plan Dos' })).statusCode).toBe(200);
  });
});

describe('upgrades (plan_id)', () => {
  let campaign: number;
  beforeAll(async () => {
    campaign = await newCampaign('Mejoras');
  });

  it('makes a plan an upgrade of another plan of the same campaign, and answers its parent', async () => {
    const base = await createPlan(campaign, { name: 'Base' });
    const premium = await createPlan(campaign, { name: 'Premium', plan_id: String(base.id) });
    expect(premium).toMatchObject({ plan_id: base.id, parent: { id: base.id, name: 'Base' } });
    const detail = await get(`/api/v1/plans/${premium.id}?include=parent,campaign`);
    expect(detail.json().data).toMatchObject({ parent: { id: base.id, name: 'Base' }, campaign: { id: campaign, name: 'Mejoras' } });
    const cleared = await update(premium.id, { plan_id: '' });
    expect(cleared.json().data).toMatchObject({ plan_id: null, parent: null });
  });

  it('refuses a base plan of another campaign, a missing one, itself and a cycle, on plan_id', async () => {
    const a = await createPlan(campaign, { name: 'Ciclo A' });
    const b = await createPlan(campaign, { name: 'Ciclo B', plan_id: a.id });
    const c = await createPlan(campaign, { name: 'Ciclo C', plan_id: b.id });
    const foreign = await createPlan(campaignA, { name: 'De otra campaña' });
    const missing = 'El plan base no existe en esta campaña.';
    expect((await postJson(campaign, { name: 'Ajeno', description: 'x', plan_id: foreign.id })).json().errors).toEqual({ plan_id: [missing] });
    expect((await postJson(campaign, { name: 'Fantasma', description: 'x', plan_id: 999999 })).json().errors).toEqual({ plan_id: [missing] });
    expect((await update(a.id, { plan_id: String(foreign.id) })).json().errors).toEqual({ plan_id: [missing] });
    const self = await update(a.id, { plan_id: String(a.id) });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors).toEqual({ plan_id: ['Un plan no puede ser mejora de sí mismo.'] });
    const cycle = 'El plan base no puede ser una mejora de este plan (se formaría un ciclo).';
    const direct = await update(a.id, { plan_id: String(b.id) });
    expect(direct.statusCode).toBe(422);
    expect(direct.json().errors).toEqual({ plan_id: [cycle] });
    expect((await update(a.id, { plan_id: String(c.id) })).json().errors).toEqual({ plan_id: [cycle] });
    // Nothing changed: A is still the root of the chain.
    expect((await ctx.db.select({ planId: plans.planId }).from(plans).where(eq(plans.id, a.id)))[0]!.planId).toBeNull();
    // Moving C onto A (not a cycle) is fine.
    expect((await update(c.id, { plan_id: String(a.id) })).json().data).toMatchObject({ plan_id: a.id, parent: { id: a.id, name: 'Ciclo A' } });
  });

  it('judges two upgrades set at the same time one after the other: never both', async () => {
    const x = await createPlan(campaign, { name: 'Carrera X' });
    const y = await createPlan(campaign, { name: 'Carrera Y' });
    const [one, two] = await Promise.all([update(x.id, { plan_id: String(y.id) }), update(y.id, { plan_id: String(x.id) })]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 422]);
  });
});

describe('PUT /api/v1/plans/:id', () => {
  it('changes only what is sent, clears an emptied optional field and replaces files, removing the old ones', async () => {
    const created = await post(campaignA, {
      name: 'Editable',
      description: 'Antes',
      price: '30.000',
      trial_days: '7',
      inclusions: 'Uno',
      image: file(pngBytes(8, [1, 2, 3]), 'a.png', 'image/png'),
      document: file(PDF_BYTES, 'a.pdf', 'application/pdf'),
    });
    const before = created.json().data;
    const response = await update(before.id, { price: '45.500,25', trial_days: '', document: file(PDF_BYTES, 'b.pdf', 'application/pdf') });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Plan actualizado correctamente.');
    const after = response.json().data;
    expect(after).toMatchObject({ name: 'Editable', description: 'Antes', price: 45500.25, trial_days: null, inclusions: 'Uno', image_url: before.image_url });
    expect(after.document_url).not.toBe(before.document_url);
    const keys = storedKeys(data.uploads);
    expect(keys).toContain(keyOf(after.document_url));
    expect(keys).not.toContain(keyOf(before.document_url));
    expect(keys).toContain(keyOf(before.image_url));
    expect(await storedPrice(before.id)).toBe('45500.25');
  });

  it('validates updates like creates, and answers 404 for a plan that does not exist', async () => {
    const created = await createPlan(campaignA, { name: 'Validado' });
    const response = await update(created.id, { name: '', price: 'abc', commitment_months: '2' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['commitment_months', 'name', 'price']);
    const missing = await update(999999, { name: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('El plan no existe.');
    // Looked for before its base plan is: itself, or one that does not exist either.
    expect((await update(999999, { plan_id: '999999' })).statusCode).toBe(404);
    expect((await update(999999, { plan_id: '999998' })).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'PUT', url: `/api/v1/plans/${created.id}`, headers: auth(), payload: { status: 'ACTIVE' } })).json().data.status).toBe(
      'ACTIVE',
    );
  });
});

describe('DELETE /api/v1/plans/:id', () => {
  it('refuses to delete the base of another plan (409, the same reason GET …/deletion gives), then deletes it, keeping its files for a restore', async () => {
    const campaign = await newCampaign('Borrados');
    const base = (
      await post(campaign, {
        name: 'Base Borrable',
        description: 'x',
        image: file(pngBytes(), 'a.png', 'image/png'),
        document: file(PDF_BYTES, 'a.pdf', 'application/pdf'),
      })
    ).json().data;
    const upgrade = await createPlan(campaign, { name: 'Mejora', plan_id: base.id });
    await createPlan(campaign, { name: 'Mejora 2', plan_id: base.id });
    const check = await get(`/api/v1/plans/${base.id}/deletion`);
    expect(check.json().data).toEqual({ deletable: false, reason: 'No se puede eliminar: tiene 2 planes de mejora' });
    const refused = await remove(base.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ status: 'error', request_id: expect.any(String), message: 'No se puede eliminar: tiene 2 planes de mejora' });
    expect((await remove(upgrade.id)).statusCode).toBe(200);
    expect((await get(`/api/v1/plans/${base.id}/deletion`)).json().data.reason).toBe('No se puede eliminar: tiene 1 plan de mejora');
    await ctx.db.delete(plans).where(eq(plans.name, 'Mejora 2'));
    expect((await get(`/api/v1/plans/${base.id}/deletion`)).json().data).toEqual({ deletable: true, reason: null });
    const deleted = await remove(base.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ status: 'success', message: 'Plan eliminado correctamente.', data: { entry_id: expect.any(Number), restorable_until: expect.any(String) } });
    const keys = storedKeys(data.uploads);
    // Kept for a restore until RESTORE_WINDOW passes (tests/api/restore.test.ts covers the cleanup).
    expect(keys).toContain(keyOf(base.image_url));
    expect(keys).toContain(keyOf(base.document_url));
    expect((await get(`/api/v1/plans/${base.id}`)).statusCode).toBe(404);
    expect((await remove(base.id)).statusCode).toBe(404);
    expect((await get(`/api/v1/plans/${base.id}/deletion`)).statusCode).toBe(404);
  });
});

describe('lists', () => {
  let campaign: number;
  let other: number;
  beforeAll(async () => {
    campaign = await newCampaign('Listados');
    other = await newCampaign('Listados Otra');
    const base = await createPlan(campaign, { name: 'Bronce', status: 'ACTIVE', price: 10, apolo_code_ref: 'APO-BR' });
    await createPlan(campaign, { name: 'Plata', status: 'ACTIVE', price: 20, plan_id: base.id, description: 'Grúa y cerrajería' });
    await createPlan(campaign, { name: 'Oro', status: 'INACTIVE', price: 30 });
    await createPlan(other, { name: 'Grúa Express', status: 'DRAFT' });
  });

  it("answers a campaign's plans only, by name, with the includes the campaign page needs", async () => {
    const response = await get(`/api/v1/campaigns/${campaign}/plans?include=parent,services,campaign`);
    expect(response.statusCode).toBe(200);
    const page = response.json().data;
    expect(page).toMatchObject({ total: 3, current_page: 1, per_page: 24 });
    expect(page.data.map((item: PlanAnswer) => item.name)).toEqual(['Bronce', 'Oro', 'Plata']);
    expect(page.data[2]).toMatchObject({ parent: { name: 'Bronce' }, services: [], campaign: { id: campaign, name: 'Listados', sponsor_id: sponsorId, sponsor_name: 'Andes Protección' } });
    expect(page.data[0].parent).toBeNull();
  });

  it('filters by text (name, description, Apolo code; accents ignored), status and campaign across campaigns', async () => {
    const names = async (query: string) => (await get(`/api/v1/plans?${query}`)).json().data.data.map((item: PlanAnswer) => item.name);
    expect(await names('q=GRUA&sort=name')).toEqual(['Grúa Express', 'Plata']);
    expect(await names(`q=grua&filter[campaign_id]=${campaign}`)).toEqual(['Plata']);
    expect(await names('filter[q]=apo-br')).toEqual(['Bronce']);
    expect(await names(`filter[status]=ACTIVE,INACTIVE&filter[campaign_id]=${campaign}&sort=-price`)).toEqual(['Oro', 'Plata', 'Bronce']);
    expect(await names(`filter[status]=DRAFT&filter[campaign_id]=${other}`)).toEqual(['Grúa Express']);
    expect(await names(`fields=id,name&filter[campaign_id]=${campaign}&limit=1&page=2`)).toEqual(['Oro']);
  });

  it('answers 400 for an unknown filter, sort, include or status, naming what is allowed', async () => {
    for (const query of ['filter[color]=rojo', 'sort=color', 'include=dsp', 'filter[status]=PAUSED', 'filter[campaign_id]=abc']) {
      const response = await get(`/api/v1/plans?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toEqual(expect.any(String));
    }
    expect((await get('/api/v1/plans?filter[status]=PAUSED')).json().message).toBe('El filtro status admite: DRAFT, ACTIVE, INACTIVE.');
    expect((await get(`/api/v1/campaigns/${campaign}/plans?filter[campaign_id]=1`)).statusCode).toBe(400);
  });
});

describe('the include query count', () => {
  /** How many statements the database runs while `run` runs. */
  async function countQueries(run: () => Promise<unknown>) {
    const client = (ctx.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    try {
      await run();
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  async function campaignWithPlans(name: string, total: number) {
    const campaign = await newCampaign(name);
    const base = await createPlan(campaign, { name: 'Base' });
    for (let index = 1; index < total; index++) await createPlan(campaign, { name: `Mejora ${index}`, plan_id: base.id });
    return campaign;
  }

  it('is the same for a campaign with 1 plan and one with 10 (campaign detail and plans list)', async () => {
    const small = await campaignWithPlans('Consultas Una', 1);
    const large = await campaignWithPlans('Consultas Diez', 10);
    const detail = (id: number) => async () => {
      const response = await get(`/api/v1/campaigns/${id}?include=sponsor,country,categories,plans,plans.services,plans.parent`);
      expect(response.statusCode).toBe(200);
      return response;
    };
    const planList = (id: number) => async () => {
      const response = await get(`/api/v1/campaigns/${id}/plans?include=campaign,parent,services`);
      expect(response.statusCode).toBe(200);
    };
    // A first call settles what a session writes once a minute.
    await detail(small)();
    const smallDetail = await countQueries(detail(small));
    const largeDetail = await countQueries(detail(large));
    expect(smallDetail).toBeGreaterThan(0);
    expect(largeDetail).toBe(smallDetail);
    expect((await detail(large)()).json().data.plans).toHaveLength(10);
    const smallList = await countQueries(planList(small));
    const largeList = await countQueries(planList(large));
    expect(largeList).toBe(smallList);
    const crossList = await countQueries(async () => {
      await get('/api/v1/plans?include=campaign,parent,services&limit=100');
    });
    expect(crossList).toBeLessThanOrEqual(smallList + 1);
  });
});

describe('history', () => {
  it('records create, update (changed fields only) and delete, in the plan’s history and in /audit', async () => {
    const created = await createPlan(campaignA, { name: 'Historiado', price: '30.000', status: 'DRAFT' });
    await update(created.id, { price: '35.000', status: 'ACTIVE' });
    await update(created.id, { price: '35.000' });
    const entries = (await get(`/api/v1/plans/${created.id}/history`)).json().data.data;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(['update', 'create']);
    expect(entries[0]).toMatchObject({ resource: 'plan', resource_id: created.id, resource_label: 'Historiado' });
    expect(entries[0].changes).toEqual([
      { field: 'price', before: 30000, after: 35000, secret: false },
      { field: 'status', before: 'DRAFT', after: 'ACTIVE', secret: false },
    ]);
    expect(entries[1].changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: null, after: 'Historiado', secret: false },
        { field: 'campaign_id', before: null, after: campaignA, secret: false },
        { field: 'commitment_months', before: null, after: 1, secret: false },
      ]),
    );
    expect((await remove(created.id)).statusCode).toBe(200);
    const audit = (await get(`/api/v1/audit?filter[resource]=plan&filter[resource_id]=${created.id}`)).json().data.data;
    expect(audit.map((entry: { action: string }) => entry.action)).toEqual(['delete', 'update', 'create']);
    expect((await get('/api/v1/plans/999999/history')).statusCode).toBe(404);
  });

  it('leaves no entry for a refused write', async () => {
    const before = (await get('/api/v1/audit?filter[resource]=plan')).json().data.total;
    await postJson(campaignA, { name: '', description: 'x' });
    await postJson(campaignA, { name: 'Historiado 2', description: 'x', plan_id: 999999 });
    expect((await get('/api/v1/audit?filter[resource]=plan')).json().data.total).toBe(before);
  });
});

describe('who may call it', () => {
  it('lets any role with sponsors.manage (an operator) build a campaign’s plans, and refuses one without it (403) and nobody signed in (401)', async () => {
    await ctx.createUser({ email: 'operador.planes@panel.test', roles: ['OPERATOR'] });
    const operator = bearer(await ctx.signIn('operador.planes@panel.test'));
    const created = await ctx.inject({ method: 'POST', url: `/api/v1/campaigns/${campaignA}/plans`, headers: operator, payload: { name: 'Del operador', description: 'x' } });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    await ctx.createUser({ email: 'sin-rol.planes@panel.test', roles: [] });
    const nobody = bearer(await ctx.signIn('sin-rol.planes@panel.test'));
    const calls = [
      ['GET', '/api/v1/plans'],
      ['GET', `/api/v1/campaigns/${campaignA}/plans`],
      ['POST', `/api/v1/campaigns/${campaignA}/plans`],
      ['GET', `/api/v1/plans/${id}`],
      ['PUT', `/api/v1/plans/${id}`],
      ['POST', `/api/v1/plans/${id}`],
      ['DELETE', `/api/v1/plans/${id}`],
      ['GET', `/api/v1/plans/${id}/deletion`],
      ['GET', `/api/v1/plans/${id}/history`],
    ] as const;
    for (const [method, url] of calls) {
      expect((await ctx.inject({ method, url, headers: nobody, payload: method === 'GET' ? undefined : { name: 'x' } })).statusCode, `${method} ${url}`).toBe(403);
      expect((await ctx.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await get(`/api/v1/plans/${id}`)).json().data.name).toBe('Del operador');
  });
});
