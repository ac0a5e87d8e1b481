import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { MailRefused, type Mail, type Mailer } from './mailer.js';

/** SES errors that would come back the same on every attempt. */
const REFUSALS = new Set(['MessageRejected', 'MailFromDomainNotVerifiedException', 'BadRequestException', 'NotFoundException']);

/** The message tag naming the addressee: SES copies it into each bounce and complaint event (bounces.ts reads it back). */
export const PLAYER_TAG = 'player';

/** What SendEmail is asked (pure): a simple message with both parts, the unsubscribe headers, the configuration set whose events disable an address. */
export function sesRequest(mail: Mail, configurationSet: string): SendEmailCommandInput {
  return {
    FromEmailAddress: mail.from,
    Destination: { ToAddresses: [mail.to] },
    Content: {
      Simple: {
        Subject: { Data: mail.subject, Charset: 'UTF-8' },
        Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
        Headers: Object.entries(mail.headers).map(([Name, Value]) => ({ Name, Value })),
      },
    },
    ConfigurationSetName: configurationSet,
    EmailTags: [{ Name: PLAYER_TAG, Value: mail.playerId }],
  };
}

/**
 * Amazon SES (v2 API) on AWS, the client loaded on the first message, as the
 * other SDK clients are: the functions that never mail never load it.
 */
export function sesMailer(configurationSet: string): Mailer {
  let client: Promise<{ send: (input: SendEmailCommandInput) => Promise<unknown> }> | undefined;
  return {
    async send(mail) {
      client ??= import('@aws-sdk/client-sesv2').then(({ SESv2Client, SendEmailCommand }) => {
        const ses = new SESv2Client({});
        return { send: (input: SendEmailCommandInput) => ses.send(new SendEmailCommand(input)) };
      });
      try {
        await (await client).send(sesRequest(mail, configurationSet));
      } catch (error) {
        if (error instanceof Error && REFUSALS.has(error.name)) throw new MailRefused(`SES ${error.name}: ${error.message}`);
        throw error;
      }
    },
  };
}

/** The delivery function's mailer: SES through the stack's configuration set (SES_CONFIGURATION_SET), or none where the stack mails nothing. */
export const sesMailerFromEnv = (env: NodeJS.ProcessEnv): Mailer | null => (env.SES_CONFIGURATION_SET ? sesMailer(env.SES_CONFIGURATION_SET) : null);
