import { describe, expect, it } from 'vitest';
import { ApiError, formFieldErrors } from './api-error';

describe('formFieldErrors', () => {
  it('keeps the first message per field, folds nested names and renames fields', () => {
    const error = new ApiError('Los datos enviados no son válidos.', 422, {
      email: ['El email ya está registrado', 'otro'],
      'roles.0': ['Rol no válido: X.'],
      is_active: ['Debe ser verdadero o falso (1/0/true/false).'],
    });
    expect(formFieldErrors(error, { rename: { is_active: 'status' } })).toEqual({
      email: 'El email ya está registrado',
      roles: 'Rol no válido: X.',
      status: 'Debe ser verdadero o falso (1/0/true/false).',
    });
  });

  it('puts a refused upload under the field the server names', () => {
    const tooLarge = new ApiError('El archivo supera el máximo de 10 MB.', 413, { logo: ['El archivo supera el máximo de 10 MB.'] });
    expect(formFieldErrors(tooLarge)).toEqual({ logo: 'El archivo supera el máximo de 10 MB.' });
    expect(formFieldErrors(new ApiError('El cuerpo de la petición es demasiado grande.', 413))).toEqual({});
  });

  it('gives nothing for errors that are not from the API', () => {
    expect(formFieldErrors(new Error('red'))).toEqual({});
  });
});
