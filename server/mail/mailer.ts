import fs from 'node:fs/promises';
import path from 'node:path';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * The default without SMTP: prints each message and appends it as one JSON line to `logFile`,
 * so a person or a test can read the one-time code.
 */
export const createLogMailer = (logFile: string, print: (line: string) => void = console.log): Mailer => ({
  async send(message) {
    print(`\n✉  Correo para ${message.to}: ${message.subject}\n${message.text}\n`);
    await fs.mkdir(path.dirname(logFile), { recursive: true });
    await fs.appendFile(logFile, `${JSON.stringify({ ...message, sent_at: new Date().toISOString() })}\n`, { mode: 0o600 });
  },
});

export const createSmtpMailer = async (smtpUrl: string, from: string): Promise<Mailer> => {
  const nodemailer = await import('nodemailer');
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
};
