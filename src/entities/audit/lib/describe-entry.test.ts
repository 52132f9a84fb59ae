import type { AuditEntry } from '@contract/audit';
import { describe, expect, it } from 'vitest';
import { AUDIT_VALUE_MAX_LENGTH, describeAuditEntry } from './describe-entry';

const now = new Date('2026-03-10T12:00:00Z');
const ana = { id: 7, name: 'Ana Pérez' };

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  created_at: '2026-03-10T11:55:00Z',
  actor: ana,
  action: 'update',
  resource: 'sponsor',
  resource_id: 3,
  resource_label: 'Acme',
  changes: [],
  names: [],
  record_path: [],
  restorable_until: null,
  batch: null,
  ...overrides,
});

const sentences = (overrides: Partial<AuditEntry>) => describeAuditEntry(entry(overrides), { now }).sentences;
const change = (field: string, before: AuditEntry['changes'][number]['before'], after: AuditEntry['changes'][number]['after']) => ({
  field,
  before,
  after,
  secret: false,
});

describe('describeAuditEntry: the change history in Spanish', () => {
  it("reads a customers import as one line with its counts", () => {
    expect(
      sentences({ action: 'import', resource: 'dsp', resource_label: 'Andes', changes: [change('rows', null, 1200), change('created', null, 1150), change('updated', null, 50)] }),
    ).toEqual(['Ana Pérez importó clientes en la DSP Andes: 1.150 creados, 50 actualizados']);
  });

  it('says who changed which field from what to what, with how long ago', () => {
    const described = describeAuditEntry(
      entry({ resource: 'campaign', changes: [change('status', 'DRAFT', 'ACTIVE'), change('name', 'Verano', 'Invierno')] }),
      { now },
    );
    expect(described.sentences).toEqual(['Ana Pérez cambió el estado de Borrador a Activa', 'Ana Pérez cambió el nombre de Verano a Invierno']);
    expect(described.when).toBe('hace 5 minutos');
  });

  it('names what was created or deleted', () => {
    expect(sentences({ action: 'create', changes: [change('name', null, 'Acme')] })).toEqual(['Ana Pérez creó el sponsor Acme']);
    expect(sentences({ action: 'delete', resource: 'campaign', resource_label: 'Verano' })).toEqual(['Ana Pérez eliminó la campaña Verano']);
  });

  it('reads sign-in, sign-out, a password and permissions as staff say them', () => {
    expect(sentences({ action: 'sign-in', resource: 'session', resource_id: null, resource_label: null })).toEqual(['Ana Pérez inició sesión']);
    expect(sentences({ action: 'sign-out', resource: 'session', resource_id: null, resource_label: null })).toEqual(['Ana Pérez cerró sesión']);
    expect(sentences({ action: 'password', resource: 'user', resource_id: ana.id, resource_label: 'Ana Pérez' })).toEqual(['Ana Pérez cambió la contraseña']);
    expect(sentences({ action: 'password', resource: 'user', resource_id: 9, resource_label: 'Luis Gómez' })).toEqual([
      'Ana Pérez cambió la contraseña de Luis Gómez',
    ]);
    expect(sentences({ action: 'permissions', resource: 'role', resource_label: 'Operador' })).toEqual(['Ana Pérez cambió los permisos de Operador']);
  });

  it('lists the permissions a sync added and took away, by their labels', () => {
    const sync = change('permissions', ['sponsors.manage', 'dsps.manage'], ['sponsors.manage', 'users.manage']);
    expect(sentences({ action: 'permissions', resource: 'role', resource_label: 'Admin', changes: [sync] })).toEqual([
      'Ana Pérez cambió los permisos de Admin: añadió «Gestionar usuarios»; quitó «Configurar DSP, conectores, clientes API y usuarios asignados»',
    ]);
  });

  it('shows a recorded id by the name the entry gives it, or the id when the record is gone', () => {
    const names = [
      { field: 'country_id', id: 1, name: 'Colombia' },
      { field: 'country_id', id: 2, name: 'Perú' },
    ];
    expect(sentences({ names, changes: [change('country_id', 1, 2)] })).toEqual(['Ana Pérez cambió el país de Colombia a Perú']);
    expect(sentences({ names, changes: [change('country_id', 1, 99)] })).toEqual(['Ana Pérez cambió el país de Colombia a 99']);
    const plans = [
      { field: 'plans', id: 4, name: 'Plan Hogar' },
      { field: 'plans', id: 5, name: 'Plan Salud' },
    ];
    expect(sentences({ resource: 'dsp', names: plans, changes: [change('plans', [4], [4, 5])] })).toEqual(['Ana Pérez cambió los planes de Plan Hogar a Plan Hogar, Plan Salud']);
  });

  it('shows every enum with the label staff read elsewhere, and a switch as a verb', () => {
    expect(sentences({ resource: 'booking', changes: [change('status', 'CONFIRMED', 'CANCELLED')] })).toEqual(['Ana Pérez cambió el estado de Confirmado a Cancelado']);
    expect(sentences({ resource: 'entitlement', changes: [change('status', 'SUSPENDED', 'CANCELLED')] })).toEqual([
      'Ana Pérez cambió el estado de Suspendido a Cancelado',
    ]);
    expect(sentences({ resource: 'dsp', changes: [change('type', 'SALE', 'BOOKING')] })).toEqual(['Ana Pérez cambió el tipo de Venta a Reserva']);
    expect(sentences({ resource: 'connector', resource_label: 'norte-api', changes: [change('enabled', true, false)] })).toEqual([
      'Ana Pérez desactivó el conector norte-api',
    ]);
    expect(sentences({ resource: 'api-client', resource_label: 'Norte', changes: [change('enabled', false, true)] })).toEqual(['Ana Pérez activó el cliente API Norte']);
  });

  it('never shows a secret’s values', () => {
    const said = sentences({ resource: 'user', changes: [{ field: 'password', before: null, after: null, secret: true }] });
    expect(said).toEqual(['Ana Pérez cambió la contraseña']);
  });

  it('shows values as labels: active or not, yes or no, empty, lists, and cuts long text', () => {
    expect(sentences({ resource: 'user', resource_label: 'Luis', changes: [change('is_active', true, false)] })).toEqual(['Ana Pérez desactivó el usuario Luis']);
    expect(sentences({ changes: [change('featured', false, true)] })).toEqual(['Ana Pérez cambió featured de No a Sí']);
    expect(sentences({ changes: [change('website', '', 'https://acme.com')] })).toEqual(['Ana Pérez cambió el sitio web de vacío a https://acme.com']);
    expect(sentences({ resource: 'user', changes: [change('roles', ['ADMIN'], ['ADMIN', 'OPERATOR'])] })).toEqual([
      'Ana Pérez cambió los roles de Admin a Admin, Operador',
    ]);
    expect(sentences({ resource: 'user', changes: [change('roles', [], ['ADMIN'])] })).toEqual(['Ana Pérez cambió los roles de vacío a Admin']);
    expect(sentences({ changes: [change('logo', null, 'acme.png')] })).toEqual(['Ana Pérez cambió el logo de vacío a acme.png']);

    const long = 'Una descripción muy larga '.repeat(10);
    const [sentence] = sentences({ resource: 'campaign', changes: [change('description', 'Corta', long)] });
    expect(sentence).toMatch(/^Ana Pérez cambió la descripción de Corta a Una descripción muy larga .*…$/);
    expect(sentence!.length).toBeLessThan('Ana Pérez cambió la descripción de Corta a '.length + AUDIT_VALUE_MAX_LENGTH + 1);
  });

  it('shows an unknown field as sent, and says who when the person is gone', () => {
    expect(sentences({ actor: { id: null, name: 'Luis (eliminado)' }, changes: [change('tier', 1, 2)] })).toEqual([
      'Luis (eliminado) cambió tier de 1 a 2',
    ]);
    expect(sentences({ actor: null, action: 'delete' })).toEqual(['El sistema eliminó el sponsor Acme']);
  });
});
