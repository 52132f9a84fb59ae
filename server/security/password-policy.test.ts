import { PASSWORD_POLICY_MESSAGES } from '@contract/auth';
import { describe, expect, it } from 'vitest';
import { passwordPolicyError } from './password-policy';

describe('passwordPolicyError', () => {
  it('refuses the most common passwords whatever their case', () => {
    expect(passwordPolicyError('password', {})).toBe(PASSWORD_POLICY_MESSAGES.common);
    expect(passwordPolicyError('12345678', {})).toBe(PASSWORD_POLICY_MESSAGES.common);
    expect(passwordPolicyError('QWERTY123', {})).toBe(PASSWORD_POLICY_MESSAGES.common);
  });

  it("refuses the owner's e-mail and DNI", () => {
    expect(passwordPolicyError('Ana.Perez@Panel.test', { email: 'ana.perez@panel.test' })).toBe(PASSWORD_POLICY_MESSAGES.sameAsEmail);
    expect(passwordPolicyError('40123987', { email: 'a@b.test', dni: '40123987' })).toBe(PASSWORD_POLICY_MESSAGES.sameAsDni);
  });

  it('accepts a password that is none of those', () => {
    expect(passwordPolicyError('Secreto123!', { email: 'a@b.test', dni: '40123987' })).toBeNull();
    expect(passwordPolicyError('mi-llave-de-sol-2026', {})).toBeNull();
  });
});
