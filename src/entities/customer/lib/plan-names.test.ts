import { describe, expect, it } from 'vitest';
import type { Customer } from '../api/customer.api';
import { customerPlanNames } from './plan-names';

const customer = (overrides: Partial<Customer>): Customer => ({
  id: 1,
  dsp_id: 7,
  dni: '1',
  name: 'Ana',
  email: 'ana@correo.test',
  phone: null,
  meta: { address: null, city: null },
  plan_id: [],
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z', version: 1,
  ...overrides,
});

describe('customerPlanNames', () => {
  it('names the plans held, from the subscriptions or else the DSP’s plans, and never a cancelled one', () => {
    const held = customer({
      plan_id: [3, 4, 9],
      entitlements: [
        { id: 1, customer_id: 1, dsp_id: 7, plan_id: 3, status: 'ACTIVE', payment_method: null, created_at: '', updated_at: '', version: 1, plan: { id: 3, name: 'Plan Hogar' } },
        { id: 2, customer_id: 1, dsp_id: 7, plan_id: 5, status: 'CANCELLED', payment_method: null, created_at: '', updated_at: '', version: 1, plan: { id: 5, name: 'Plan Viejo' } },
      ],
    });
    expect(customerPlanNames(held, [{ id: 4, name: 'Plan Auto', price: null }])).toEqual(['Plan Hogar', 'Plan Auto', 'Plan 9']);
  });
});
