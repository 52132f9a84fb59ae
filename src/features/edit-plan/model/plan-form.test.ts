import { describe, expect, it } from 'vitest';
import { basePlanCandidates } from './plan-form';

const plans = [
  { id: 1, name: 'Básico', plan_id: null },
  { id: 2, name: 'Oro', plan_id: 1 },
  { id: 3, name: 'Platino', plan_id: 2 },
  { id: 4, name: 'Suelto', plan_id: null },
];

describe('basePlanCandidates', () => {
  it('offers every plan to a new one', () => {
    expect(basePlanCandidates(plans, null).map((plan) => plan.name)).toEqual(['Básico', 'Oro', 'Platino', 'Suelto']);
  });

  it('never offers the plan itself nor a plan that already builds on it', () => {
    expect(basePlanCandidates(plans, 1).map((plan) => plan.name)).toEqual(['Suelto']);
    expect(basePlanCandidates(plans, 2).map((plan) => plan.name)).toEqual(['Básico', 'Suelto']);
    expect(basePlanCandidates(plans, 3).map((plan) => plan.name)).toEqual(['Básico', 'Oro', 'Suelto']);
  });
});
