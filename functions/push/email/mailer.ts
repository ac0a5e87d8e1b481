/**
 * The mailer port: one message out to one address. Two adapters: SMTP
 * (`smtp.ts`, nodemailer: the local mail catcher `npm start` runs, or the
 * server at SMTP_URL) and Amazon SES v2 on AWS (`ses.ts`). The courier
 * (`courier.ts`) decides what an error means for the delivery: `MailRefused`
 * closes it, anything else is retried on the webhooks' schedule.
 */
export interface Mail {
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  /** The plain-text part (every message has one). */
  readonly text: string;
  readonly html: string;
  /** `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  readonly headers: Readonly<Record<string, string>>;
  /** Whom it is for: SES tags the message with it, so a bounce or complaint event names the player. */
  readonly playerId: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** The server refused the message for good (a 5xx reply, SES `MessageRejected`): sending it again would be refused again. */
export class MailRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailRefused';
  }
}
