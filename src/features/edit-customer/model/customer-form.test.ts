import { CUSTOMER_MESSAGES } from '@contract/customer';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api';
import { customerFieldErrors, incompleteMessage, initialCustomerFormValues, validateCustomerForm } from './customer-form';

describe('customerFieldErrors', () => {
  it('puts the server’s meta.address and meta.city under Dirección and Ciudad, and plan_id.0 under Planes', () => {
    const refusal = new ApiError('Los datos no son válidos', 422, {
      'meta.address': [CUSTOMER_MESSAGES.addressTooLong],
      'meta.city': [CUSTOMER_MESSAGES.cityTooLong],
      'plan_id.0': [CUSTOMER_MESSAGES.planInvalid],
    });
    expect(customerFieldErrors(refusal)).toEqual({
      address: CUSTOMER_MESSAGES.addressTooLong,
      city: CUSTOMER_MESSAGES.cityTooLong,
      plan_id: CUSTOMER_MESSAGES.planInvalid,
    });
  });
});

describe('validateCustomerForm', () => {
  const filled = { ...initialCustomerFormValues(null), dni: '1', name: 'Ana', email: 'ana@correo.test', plan_id: ['3'] };

  it('judges the lengths of the optional fields as the server does', () => {
    expect(validateCustomerForm({ ...filled, city: 'x'.repeat(121), password: 'Clave-123', password_confirmation: 'Clave-123' }, false)).toEqual({
      city: CUSTOMER_MESSAGES.cityTooLong,
    });
  });

  it('on edit, a confirmation typed without a password does not match', () => {
    expect(validateCustomerForm({ ...filled, password_confirmation: 'Clave-123' }, true)).toEqual({ password_confirmation: CUSTOMER_MESSAGES.passwordsDiffer });
  });
});

describe('incompleteMessage', () => {
  it('says the create notice until DNI, name, e-mail, password and confirmation are all there', () => {
    const values = { ...initialCustomerFormValues(null), dni: '1', name: 'Ana', email: 'ana@correo.test', password: 'Clave-123' };
    expect(incompleteMessage(values, false)).toBe(CUSTOMER_MESSAGES.createIncomplete);
    expect(incompleteMessage({ ...values, password_confirmation: 'x' }, false)).toBeNull();
    // An edit needs no password.
    expect(incompleteMessage(values, true)).toBeNull();
  });
});
