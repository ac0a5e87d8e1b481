/**
 * The mail catcher `npm start` runs beside DynamoDB Local, and the tests
 * start for themselves: an SMTP server on a free loopback port (smtp-server)
 * that keeps every message it is sent, parsed (mailparser), in memory, and a
 * web page on another loopback port listing them newest first (each one's
 * text part, its headers and its links), with the same list as JSON at
 * `/messages.json`. Nothing leaves this machine; the messages go when it stops.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  readonly receivedAt: number;
  readonly envelope: { readonly from: string | null; readonly to: readonly string[] };
  readonly parsed: ParsedMail;
}

export interface MailCatcher {
  /** Where to send: `smtp://127.0.0.1:<port>`. */
  readonly smtpUrl: string;
  /** The page listing what was sent. */
  readonly webUrl: string;
  readonly received: readonly CaughtMail[];
  /** Resolves once `count` messages have arrived in all (tests wait on it, never on time). */
  until(count: number): Promise<void>;
  stop(): Promise<void>;
}

const LOOPBACK = '127.0.0.1';
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function listPage(received: readonly CaughtMail[]): string {
  const items = [...received]
    .reverse()
    .map(
      ({ receivedAt, envelope, parsed }) =>
        `<article><h2>${escapeHtml(parsed.subject ?? '(no subject)')}</h2><p>${escapeHtml(new Date(receivedAt).toISOString())} · to ${escapeHtml(envelope.to.join(', '))} · from ${escapeHtml(envelope.from ?? '')}</p><pre>${escapeHtml(parsed.text ?? '')}</pre></article>`,
    )
    .join('<hr>');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mail caught (${received.length})</title></head><body><h1>Mail caught by npm start (${received.length})</h1>${items || '<p>Nothing sent yet.</p>'}</body></html>`;
}

function summary({ receivedAt, envelope, parsed }: CaughtMail) {
  return {
    receivedAt: new Date(receivedAt).toISOString(),
    envelope,
    subject: parsed.subject ?? null,
    text: parsed.text ?? null,
    headers: Object.fromEntries(parsed.headers),
  };
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const received: CaughtMail[] = [];
  const waiters: (() => void)[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
          received.push({ receivedAt: Date.now(), envelope: { from, to: session.envelope.rcptTo.map((r) => r.address) }, parsed });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error('unreadable message')));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, LOOPBACK, () => resolve());
  });
  const web: Server = createServer((request, response) => {
    if (request.url === '/messages.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received.map(summary)));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(listPage(received));
  });
  await new Promise<void>((resolve) => web.listen(0, LOOPBACK, () => resolve()));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const webPort = (web.address() as AddressInfo).port;
  return {
    smtpUrl: `smtp://${LOOPBACK}:${smtpPort}`,
    webUrl: `http://${LOOPBACK}:${webPort}/`,
    received,
    async until(count) {
      while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    async stop() {
      web.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => smtp.close(() => resolve())), new Promise<void>((resolve) => web.close(() => resolve()))]);
    },
  };
}
