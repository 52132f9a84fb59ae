import type { MailMessage } from './mailer';

const CODE_MINUTES = 10;

// A one-time code goes only in the body: notification previews show the subject on a locked screen.
export const loginCodeMessage = (to: string, name: string, code: string): MailMessage => ({
  to,
  subject: 'Tu código de acceso al Panel de Control',
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
  subject: 'Código para recuperar tu contraseña del Panel de Control',
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
    'La contraseña de tu cuenta del Panel de Control acaba de cambiar. Por seguridad cerramos las demás sesiones abiertas de tu cuenta.',
    'Si no fuiste tú, avisa de inmediato a un administrador.',
  ].join('\n'),
});

// The account mails an administrator's change sends. None carries a password: whoever set it
// hands it over in person, and a mailbox is not a safe place to keep one.

export const accountCreatedMessage = (to: string, name: string): MailMessage => ({
  to,
  subject: 'Se creó tu cuenta del Panel de Control',
  text: [
    `Hola, ${name}:`,
    '',
    'Un administrador creó tu cuenta del Panel de Control con este correo y le asignó una contraseña.',
    'Por seguridad no la enviamos por correo: pídesela a quien creó la cuenta.',
    'Si no esperabas este mensaje, avisa a un administrador.',
  ].join('\n'),
});

export const passwordSetByAdminMessage = (to: string, name: string): MailMessage => ({
  to,
  subject: 'Un administrador cambió tu contraseña',
  text: [
    `Hola, ${name}:`,
    '',
    'Un administrador fijó una nueva contraseña para tu cuenta del Panel de Control y se cerraron tus sesiones abiertas.',
    'Por seguridad no la enviamos por correo: pídesela a quien la cambió.',
    'Si no lo esperabas, avisa de inmediato a un administrador.',
  ].join('\n'),
});

/** Sent to both the old and the new address, so the owner learns of it wherever they read mail. */
export const emailChangedMessage = (to: string, name: string, previous: string, next: string): MailMessage => ({
  to,
  subject: 'Cambió el correo de tu cuenta',
  text: [
    `Hola, ${name}:`,
    '',
    `El correo con el que entras al Panel de Control cambió de ${previous} a ${next} y se cerraron tus sesiones abiertas.`,
    'Si no lo esperabas, avisa de inmediato a un administrador.',
  ].join('\n'),
});
