import { isIP } from 'node:net';

/** Where `npm start` listens unless HOST says otherwise: reachable from this machine only. */
export const LOOPBACK_HOST = '127.0.0.1';

/** Whether listening on `host` keeps the server to this machine (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/** The one line `npm start` prints when HOST shares it: who can reach it, and what they can do there. */
export function sharingNotice(host: string, port: number, loopbackWebhooks: boolean): string {
  const where = host === '0.0.0.0' || host === '::' ? 'every network this machine is on' : `the network of ${host}`;
  const webhooks = loopbackWebhooks ? 'may target this machine’s own ports (WEBHOOKS_ALLOW_LOOPBACK=1)' : 'may not target this machine itself';
  return `HOST=${host}: shared with ${where} on port ${port} — anyone who reaches it can use the whole API (sign up, play, add webhooks, which ${webhooks}) and the web client; DynamoDB Local stays closed to them. Leave HOST unset to keep it to this machine.`;
}
