import type { Transporter } from 'nodemailer';
import { MailRefused, type Mail, type Mailer } from './mailer.js';

/**
 * The SMTP adapter (nodemailer), loaded on the first message: `npm start`
 * sends to its local mail catcher, or to the server at SMTP_URL
 * (`smtps://user:pass@smtp.example.org`). A 5xx reply is a refusal; a 4xx,
 * a lost connection or a timeout is worth another attempt.
 */
export function smtpMailer(url: string): Mailer {
  let transport: Promise<Transporter> | undefined;
  return {
    async send(mail) {
      transport ??= import('nodemailer').then(({ createTransport }) => createTransport(url));
      try {
        await (
          await transport
        ).sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: { ...mail.headers } });
      } catch (error) {
        const code = (error as { responseCode?: unknown }).responseCode;
        if (typeof code === 'number' && code >= 500) throw new MailRefused(`SMTP ${code}: ${(error as Error).message}`);
        throw error;
      }
    },
  };
}
