import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localEmailPolicy } from '../../functions/compose.js';
import { emailTarget } from '../../functions/push/email/deliveries.js';
import { smtpMailer } from '../../functions/push/email/smtp.js';
import { DEFAULT_PUSH_POLICY } from '../../functions/push/policy.js';
import type { DeliveryRecord } from '../../functions/push/store/port.js';
import { STORE_KINDS, storeOf } from '../support/api.js';
import { startPushApi, type PushApi } from '../support/push-api.js';

/**
 * What an SMTP server's refusal means for an e-mail delivery: a transient
 * one (a 4xx reply: greylisting, a full queue) is tried again on the
 * deliveries' retry schedule (the courier's planNextAttempt, the same path as
 * webhooks and browser push) until the server takes the message; a
 * permanent one (a 5xx reply) closes the delivery at once (failDelivery),
 * never tried again. The server is a real SMTP server (smtp-server, as the
 * local mail catcher is) that answers each message as the test says.
 */

/** An SMTP server answering DATA for each recipient by `answer` (a reply code, or accepted), and counting the attempts per recipient. */
async function scriptedSmtp(answer: (to: string, attempt: number) => number | 'accept') {
  const attempts = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        const attempt = (attempts.get(to) ?? 0) + 1;
        attempts.set(to, attempt);
        const reply = answer(to, attempt);
        if (reply === 'accept') return callback();
        callback(Object.assign(new Error(reply >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: reply }));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    attemptsFor: (to: string) => attempts.get(to) ?? 0,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(STORE_KINDS)('e-mail refused by the SMTP server (%s store)', (kind) => {
  let smtp: Awaited<ReturnType<typeof scriptedSmtp>>;
  let api: PushApi;
  beforeAll(async () => {
    // Greylisting: the first two tries of a message are put off; a gone mailbox is refused for good.
    smtp = await scriptedSmtp((to, attempt) => (to.startsWith('gone') ? 550 : attempt <= 2 ? 451 : 'accept'));
    api = await startPushApi({
      store: await storeOf(kind, 'push-email-retries'),
      pushPolicy: {
        ...DEFAULT_PUSH_POLICY,
        allowLoopbackHttp: true,
        appUrl: 'https://play.example',
        retryDelaysMs: [0, 30, 60, 90],
        email: localEmailPolicy({}, randomBytes(32).toString('base64url'), smtpMailer(smtp.url)),
      },
    });
  });
  afterAll(async () => {
    await api.close();
    await smtp.stop();
  });

  /** The player's one e-mail delivery (the confirmation), once its attempts have settled into `state` (within 10 s, far beyond the schedule's 180 ms). */
  async function confirmationOf(playerId: string, state: DeliveryRecord['state']): Promise<DeliveryRecord> {
    const giveUpAt = Date.now() + 10_000;
    for (;;) {
      await api.push.outbox.idle();
      const [delivery] = await api.ctx.push.listDeliveries(emailTarget(playerId), 10);
      if (delivery?.state === state) return delivery;
      if (Date.now() > giveUpAt) throw new Error(`the delivery is ${delivery?.state ?? 'missing'}, not ${state}: ${JSON.stringify(delivery?.attempts)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('tries a message put off with 451 again on the retry schedule, until the server takes it', async () => {
    const ann = await api.client.register('Ann');
    const to = `ann-${kind}@example.org`;
    expect((await api.client.request('PUT', '/v1/players/me/email', { token: ann.token, body: { address: to } })).status).toBe(202);
    const delivery = await confirmationOf(ann.playerId, 'delivered');
    expect(smtp.attemptsFor(to)).toBe(3);
    expect(delivery.attempts.map((a) => a.error === null)).toEqual([false, false, true]);
    expect(delivery.attempts[0]?.error).toMatch(/451/);
    // Each retry waited at least its planned delay after the attempt before.
    const [first, second, third] = delivery.attempts.map((a) => a.at);
    expect(second! - first!).toBeGreaterThanOrEqual(30);
    expect(third! - second!).toBeGreaterThanOrEqual(60);
    expect(delivery.nextAttemptAt).toBeNull();
  });

  it('closes a message refused with 550 at once, and never tries it again', async () => {
    const ben = await api.client.register('Ben');
    const to = `gone-${kind}@example.org`;
    expect((await api.client.request('PUT', '/v1/players/me/email', { token: ben.token, body: { address: to } })).status).toBe(202);
    const delivery = await confirmationOf(ben.playerId, 'failed');
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.attempts[0]?.error).toMatch(/^SMTP 550/);
    expect(delivery.nextAttemptAt).toBeNull();
    // Longer than the whole retry schedule: nothing more is sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await api.push.outbox.idle();
    expect(smtp.attemptsFor(to)).toBe(1);
    expect((await api.ctx.push.listDeliveries(emailTarget(ben.playerId), 10))[0]?.attempts).toHaveLength(1);
  });
});
