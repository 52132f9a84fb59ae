import type { MailMessage } from './mailer';

const CODE_MINUTES = 10;

export const loginCodeMessage = (to: string, name: string, code: string): MailMessage => ({
  to,
  subject: `Tu código de acceso: ${code}`,
  text: [
    `Hola, ${name}:`,
    '',
    `Tu código para entrar al Panel de Control es ${code}.`,
    `Vence en ${CODE_MINUTES} minutos y sirve una sola vez.`,
    '',
    'Si no intentaste iniciar sesión, cambia tu contraseña cuanto antes.',
  ].join('\n'),
});

export const recoveryCodeMessage = (to: string, name: string, code: string): MailMessage => ({
  to,
  subject: `Código para recuperar tu contraseña: ${code}`,
  text: [
    `Hola, ${name}:`,
    '',
    `Tu código para crear una nueva contraseña del Panel de Control es ${code}.`,
    `Vence en ${CODE_MINUTES} minutos.`,
    '',
    'Si no lo pediste, ignora este mensaje: tu contraseña no cambia.',
  ].join('\n'),
});

export const passwordChangedMessage = (to: string, name: string): MailMessage => ({
  to,
  subject: 'Tu contraseña fue actualizada',
  text: [
    `Hola, ${name}:`,
    '',
    'La contraseña de tu cuenta del Panel de Control acaba de cambiar y se cerraron tus sesiones abiertas.',
    'Si no fuiste tú, avisa de inmediato a un administrador.',
  ].join('\n'),
});
