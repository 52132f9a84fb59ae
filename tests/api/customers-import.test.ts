import { and, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, dspUsers, entitlementPeriods, entitlements, entitlementStatusHistories } from '../../server/db/schema';
import { verifyPassword } from '../../server/security/password';
import { bearer, createTestContext, multipart, type TestContext } from './support/context';
import { insertDspWithPlans } from './support/dsp-rows';

let ctx: TestContext;
let adminToken: string;
let assignedToken: string;
let dsp: Awaited<ReturnType<typeof insertDspWithPlans>>;
let other: Awaited<ReturnType<typeof insertDspWithPlans>>;

beforeAll(async () => {
  ctx = await createTestContext();
  adminToken = await ctx.signIn();
  dsp = await insertDspWithPlans(ctx, 'Andes Importa', ['Plan Hogar', 'Plan Auto']);
  other = await insertDspWithPlans(ctx, 'Caribe Importa', ['Plan Viaje']);
  const assignedId = await ctx.createUser({ email: 'operadora.importa@panel.test', roles: ['OPERATOR'] });
  await ctx.db.insert(dspUsers).values({ dspId: dsp.dspId, userId: assignedId });
  assignedToken = await ctx.signIn('operadora.importa@panel.test');
});
afterAll(async () => {
  await ctx?.close();
});

type Answer = { rows: number; valid: number; invalid: number; created: number; updated: number; errors: { line: number; column: string; message: string }[] };

async function upload(bytes: Buffer, { dspId = dsp.dspId, dryRun = false, mapping, token = adminToken }: { dspId?: number; dryRun?: boolean; mapping?: Record<string, string>; token?: string } = {}) {
  const fields: Record<string, string | Blob> = { file: new File([new Uint8Array(bytes)], 'clientes.csv', { type: 'text/csv' }) };
  if (mapping) fields.mapping = JSON.stringify(mapping);
  const body = await multipart(fields);
  return ctx.inject({
    method: 'POST',
    url: `/api/v1/dsps/${dspId}/customers/import${dryRun ? '?dry_run=1' : ''}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}
const utf8 = (text: string, bom = false) => Buffer.concat([bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text, 'utf8')]);
const ofDsp = (dspId = dsp.dspId) => ctx.db.select().from(customers).where(eq(customers.dspId, dspId));
const byDni = async (dni: string) => (await ctx.db.select().from(customers).where(and(eq(customers.dspId, dsp.dspId), eq(customers.dni, dni))))[0];

describe('POST /api/v1/dsps/:dspId/customers/import', () => {
  it('reads UTF-8 with a BOM and commas: creates each customer with their subscriptions, history and no usable password', async () => {
    const csv = utf8(
      'dni,nombre,email,teléfono,ciudad,dirección,planes\n' +
        `9001,Laura Ríos,Laura@Correo.test,3001112233,Bogotá,Calle 1,Plan Hogar|${dsp.plans[1]!.id}\n` +
        '9002,Iván Núñez,ivan@correo.test,,Medellín,,plan auto\n',
      true,
    );
    const response = await upload(csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ rows: 2, valid: 2, invalid: 0, created: 2, updated: 0, errors: [] });
    const laura = await byDni('9001');
    expect(laura).toMatchObject({ name: 'Laura Ríos', email: 'laura@correo.test', phone: '3001112233', meta: { city: 'Bogotá', address: 'Calle 1' } });
    expect(await verifyPassword('', laura!.passwordHash)).toBe(false);
    expect(laura!.passwordHash.startsWith('scrypt$')).toBe(false);
    const subs = await ctx.db.select().from(entitlements).where(eq(entitlements.customerId, laura!.id));
    expect(subs.map((sub) => [sub.planId, sub.status]).sort()).toEqual([[dsp.plans[0]!.id, 'ACTIVE'], [dsp.plans[1]!.id, 'ACTIVE']].sort());
    expect(await ctx.db.select().from(entitlementPeriods).where(eq(entitlementPeriods.entitlementId, subs[0]!.id))).toHaveLength(1);
    expect(await ctx.db.select().from(entitlementStatusHistories).where(eq(entitlementStatusHistories.entitlementId, subs[0]!.id))).toHaveLength(1);
    const own = await ctx.db.select().from(auditLog).where(and(eq(auditLog.resource, 'customer'), eq(auditLog.resourceId, laura!.id)));
    expect(own).toHaveLength(1);
    expect(own[0]!.action).toBe('create');
    expect(own[0]!.changes.find((change) => change.field === 'password')).toMatchObject({ secret: true });
    const entry = (await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'import'), eq(auditLog.resourceId, dsp.dspId))))[0];
    expect(entry).toMatchObject({ resource: 'dsp', resourceLabel: 'Andes Importa' });
    expect(entry!.changes.map((change) => [change.field, change.after])).toEqual([['rows', 2], ['created', 2], ['updated', 0]]);
    // The history screen reads the entry.
    const audit = await ctx.inject({ method: 'GET', url: '/api/v1/audit?filter[action]=import', headers: bearer(adminToken) });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().data.data[0]).toMatchObject({ action: 'import', resource: 'dsp', resource_label: 'Andes Importa' });
  });

  it('reads Windows-1252 with semicolons (as Excel saves in es-CO) and updates the customer with the same DNI', async () => {
    const csv = iconv.encode('DNI;Nombre;Correo electrónico;Planes;Contraseña\r\n9002;IVÁN NÚÑEZ PEÑA;ivan@correo.test;Plan Hogar;Clave-Nueva-123\r\n9003;José Muñoz;jose@correo.test;Plan Auto;\r\n', 'win1252');
    expect(csv.includes(0xd1)).toBe(true); // 'Ñ' as one byte: not UTF-8
    const response = await upload(csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ rows: 2, created: 1, updated: 1, invalid: 0 });
    const ivan = await byDni('9002');
    expect(ivan).toMatchObject({ name: 'IVÁN NÚÑEZ PEÑA', meta: { city: 'Medellín', address: null } });
    expect(await verifyPassword('Clave-Nueva-123', ivan!.passwordHash)).toBe(true);
    // planes is the customer's whole list: Plan Auto cancelled, Plan Hogar opened.
    const subs = await ctx.db.select().from(entitlements).where(eq(entitlements.customerId, ivan!.id));
    expect(subs.map((sub) => [sub.planId, sub.status]).sort()).toEqual([[dsp.plans[0]!.id, 'ACTIVE'], [dsp.plans[1]!.id, 'CANCELLED']].sort());
    expect((await byDni('9003'))!.name).toBe('José Muñoz');
    const updates = () => ctx.db.select().from(auditLog).where(and(eq(auditLog.resource, 'customer'), eq(auditLog.resourceId, ivan!.id), eq(auditLog.action, 'update')));
    expect(await updates()).toHaveLength(1);
    // The same rows again, without the password: nothing changes, so no customer gets a history entry.
    const again = await upload(iconv.encode('DNI;Nombre;Planes\r\n9002;IVÁN NÚÑEZ PEÑA;Plan Hogar\r\n', 'win1252'), { mapping: { DNI: 'dni', Nombre: 'nombre', Planes: 'planes' } });
    expect(again.statusCode, again.body).toBe(422);
    expect(again.json().errors.mapping).toEqual(['Falta la columna email: asígnala a un encabezado del archivo.']);
    const same = await upload(iconv.encode('DNI;Nombre;Email;Planes\r\n9002;IVÁN NÚÑEZ PEÑA;ivan@correo.test;Plan Hogar\r\n', 'win1252'));
    expect(same.json().data).toMatchObject({ rows: 1, updated: 1, created: 0 });
    expect(await updates()).toHaveLength(1);
  });

  it('names every refused cell with its line and column, and writes nothing unless every row is valid', async () => {
    const before = (await ofDsp()).length;
    const csv = utf8(
      'dni;nombre;email;teléfono;planes;contraseña\n' +
        '9100;Ana;ana@correo.test;;Plan Hogar;\n' + // line 2: fine
        ';Sin DNI;sin.dni@correo.test;;Plan Hogar;\n' + // 3: DNI required
        '9102;;no-es-email;;Plan Hogar;\n' + // 4: name required, e-mail invalid
        `9103;Beto;beto@correo.test;;Plan Marte|${other.plans[0]!.id};\n` + // 5: plans the DSP does not sell
        '9104;Caro;caro@correo.test;;;\n' + // 6: a new customer without plans
        '9100;Ana Bis;ANA@correo.test;;Plan Hogar;\n' + // 7: DNI and e-mail repeated in the file
        `9106;Dani;laura@correo.test;${'9'.repeat(60)};Plan Hogar;corta\n`, // 8: e-mail of another customer, phone too long, short password
    );
    const dry = await upload(csv, { dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    const answer = dry.json().data as Answer;
    expect(answer).toMatchObject({ rows: 7, valid: 1, invalid: 6, created: 1, updated: 0 });
    expect(answer.errors).toEqual([
      { line: 3, column: 'dni', message: 'El DNI es requerido' },
      { line: 4, column: 'nombre', message: 'El nombre es requerido' },
      { line: 4, column: 'email', message: 'El email no es válido' },
      { line: 5, column: 'planes', message: `Los planes deben ser planes que vende esta DSP: «Plan Marte|${other.plans[0]!.id}».` },
      { line: 6, column: 'planes', message: 'Selecciona al menos un plan.' },
      { line: 7, column: 'dni', message: 'El DNI se repite en la fila 2 del archivo.' },
      { line: 7, column: 'email', message: 'El email se repite en la fila 2 del archivo.' },
      { line: 8, column: 'email', message: 'Ya existe un cliente con ese email en esta DSP.' },
      { line: 8, column: 'teléfono', message: 'El teléfono no puede superar 50 caracteres.' },
      { line: 8, column: 'contraseña', message: 'La contraseña debe tener al menos 8 caracteres.' },
    ]);
    const refused = await upload(csv);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe('6 filas tienen errores: no se importó ninguna.');
    expect(refused.json().errors.file[0]).toBe('Fila 3, dni: El DNI es requerido');
    expect(refused.json().data).toMatchObject({ rows: 7, invalid: 6, created: 0, updated: 0 });
    expect((await ofDsp()).length).toBe(before);
  });

  it('writes nothing on a dry run of a valid file, and maps headers it could not guess', async () => {
    const before = (await ofDsp()).length;
    const entries = (await ctx.db.select().from(auditLog)).length;
    const csv = utf8('Documento de identidad,Cliente,Mail personal,Suscripción\n9200,Eva,eva@correo.test,Plan Auto\n');
    const unmapped = await upload(csv, { dryRun: true });
    expect(unmapped.statusCode).toBe(422);
    expect(unmapped.json().errors.mapping).toContain('Falta la columna dni: asígnala a un encabezado del archivo.');
    const mapping = { 'Documento de identidad': 'dni', Cliente: 'nombre', 'Mail personal': 'email', Suscripción: 'planes' };
    const dry = await upload(csv, { dryRun: true, mapping });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({ rows: 1, valid: 1, created: 1 });
    expect((await ofDsp()).length).toBe(before);
    expect((await ctx.db.select().from(auditLog)).length).toBe(entries);
    expect((await upload(csv, { mapping: { ...mapping, Nada: 'email' } })).json().errors.mapping).toEqual([
      'El archivo no tiene el encabezado «Nada».',
    ]);
  });

  it('is all or nothing: a row refused by the database leaves every other row unwritten', async () => {
    const before = (await ofDsp()).length;
    // An e-mail stored with a trailing space (before the trim rule): only the unique index sees it as the file's, on the second row.
    const csv = utf8('dni,nombre,email,planes\n9300,Uno,uno@correo.test,Plan Hogar\n9301,Dos,dos@correo.test,Plan Hogar\n');
    await ctx.db.insert(customers).values({ dspId: dsp.dspId, dni: 'x9301', name: 'Otro', email: 'DOS@correo.test ', passwordHash: 'x' });
    const response = await upload(csv);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe('Ya existe un cliente con ese email en esta DSP.');
    expect((await ofDsp()).length).toBe(before + 1);
    expect(await byDni('9300')).toBeUndefined();
  });

  it('answers 404 for a DSP the person is not assigned to, and the same as creating to one they are', async () => {
    const csv = utf8('dni,nombre,email,planes\n9400,Fer,fer@correo.test,Plan Viaje\n');
    const refused = await upload(csv, { dspId: other.dspId, token: assignedToken });
    expect(refused.statusCode).toBe(404);
    expect(await ctx.db.select().from(customers).where(eq(customers.dspId, other.dspId))).toHaveLength(0);
    const own = await upload(utf8('dni,nombre,email,planes\n9401,Gil,gil@correo.test,Plan Hogar\n'), { token: assignedToken });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('refuses a missing file, a non-CSV and an empty file in Spanish', async () => {
    const body = await multipart({ mapping: '{}' });
    const missing = await ctx.inject({ method: 'POST', url: `/api/v1/dsps/${dsp.dspId}/customers/import`, headers: { ...bearer(adminToken), ...body.headers }, payload: body.payload });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.file).toEqual(['Adjunta el archivo CSV en el campo file.']);
    const pdf = await upload(Buffer.from('%PDF-1.4 nada'));
    expect(pdf.statusCode).toBe(415);
    const empty = await upload(utf8('dni,nombre,email,planes\n'));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('El archivo no tiene filas de clientes después de los encabezados.');
  });

  it('refuses a file over 20 MB (413) and over 50,000 rows (422), in Spanish', async () => {
    const big = await upload(Buffer.alloc(20 * 1024 * 1024 + 1, 0x41));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('El archivo supera el máximo de 20 MB.');
    const rows = ['dni,nombre,email,planes', ...Array.from({ length: 50_001 }, (_, index) => `${index},N,${index}@c.co,Plan Hogar`)].join('\n');
    const many = await upload(utf8(rows), { dryRun: true });
    expect(many.statusCode).toBe(422);
    expect(many.json().message).toBe('El archivo supera el máximo de 50.000 filas.');
  });
});
