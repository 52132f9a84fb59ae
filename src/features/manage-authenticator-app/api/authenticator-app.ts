import type { TotpConfirmBody, TotpDisableBody, TotpEnrolment, TotpRecoveryCodes } from '@contract/account';
import { api } from '@/shared/api';

export const AUTHENTICATOR_FALLBACKS = {
  start: 'No se pudo generar la clave de la aplicación',
  confirm: 'No se pudo activar la aplicación de autenticación',
  disable: 'No se pudo desactivar la aplicación de autenticación',
} as const;

/** A new key for the app (QR code and text), waiting for its first code. */
export const startAppEnrolment = () => api.post<TotpEnrolment>('auth/second-factor/app', { fallback: AUTHENTICATOR_FALLBACKS.start });

/** Turns the app on with its first code; answers the ten recovery codes, shown this once. */
export const confirmAppEnrolment = (body: TotpConfirmBody) =>
  api.post<TotpRecoveryCodes>('auth/second-factor/app/confirm', { json: body, fallback: AUTHENTICATOR_FALLBACKS.confirm });

/** Turns the app off, with the password and a current code; codes are mailed again from then on. */
export const disableApp = async (body: TotpDisableBody): Promise<void> => {
  await api.post<null>('auth/second-factor/app/disable', { json: body, fallback: AUTHENTICATOR_FALLBACKS.disable });
};
