import * as z from 'zod';
import { isoInstant } from '../../../core/table/index.js';
import type { ServiceContext } from '../../service/context.js';
import { once } from '../../service/idempotency.js';
import { endVacation, readVacation, startVacation, type VacationStatus } from '../../service/vacation.js';
import { requires } from '../auth.js';
import { requestHash } from '../http.js';
import { AUTHENTICATED, WITH_BODY } from '../problem-codes.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonBody, jsonResponse, type Mount } from '../route.js';
import { IdempotencyHeaders } from '../schemas.js';

export const VacationBody = z
  .strictObject({
    until: z.iso
      .datetime({ offset: true })
      .describe(
        'When you will be back (RFC 3339). Counted in whole days from now, rounded up: a vacation until tomorrow noon, started at 18:00 today, takes 1 day.',
      ),
  })
  .meta({ id: 'VacationRequest' });

const PATH = '/v1/players/me/vacation';
const ALLOWANCE =
  'Each player has a yearly allowance of whole days (21 by default; the deployment may set another), counted per UTC calendar year; a vacation is paid from the year it starts in.';

/** The player's vacation routes, in document order. */
export const vacationRoutes = {
  read: defineRoute({
    method: 'get',
    path: PATH,
    operationId: 'getVacation',
    tags: ['players'],
    summary: 'Your vacation allowance and the vacation you are on',
    description: ALLOWANCE,
    security: requires('account:read'),
    responses: { 200: jsonResponse('Vacation', 'Your allowance this year and your current vacation'), ...problemResponses(AUTHENTICATED) },
  }),

  start: defineRoute({
    method: 'post',
    path: PATH,
    operationId: 'startVacation',
    tags: ['players'],
    summary: 'Go on vacation now, until a given time',
    description: `${ALLOWANCE} While you are away, each of your deadlines in your running games that allow vacations (\`table.vacation\`, on by default) stands still: an entry awaiting you is pushed back by the time you are away from it, your part of a window shared with others closes that much later while the others' parts close on time, and your time bank is not charged. Each such game records it as a \`vacation\` commit. A retry with the same Idempotency-Key finishes recording it where a fault stopped the first.`,
    security: requires('account:write'),
    request: {
      headers: IdempotencyHeaders,
      body: jsonBody(VacationBody, { week: { summary: 'Away for a week: 7 whole days of the allowance', value: { until: '2026-12-03T09:00:00.000Z' } } }),
    },
    responses: {
      201: jsonResponse('VacationChange', 'You are on vacation; the games that recorded it'),
      ...problemResponses([
        ...AUTHENTICATED,
        ...WITH_BODY,
        'vacation-in-past',
        'vacation-allowance-exceeded',
        'vacation-running',
        'contention',
        'idempotency-key-reused',
      ]),
    },
  }),

  end: defineRoute({
    method: 'delete',
    path: PATH,
    operationId: 'endVacation',
    tags: ['players'],
    summary: 'Come back early',
    description:
      'Ends your vacation now: the whole days you did not use go back to your allowance (a day begun is spent), and every game that recorded it pulls your deadlines in by the time you are no longer away.',
    security: requires('account:write'),
    request: { headers: IdempotencyHeaders },
    responses: {
      200: jsonResponse('VacationChange', 'You are back; the days refunded and the games that recorded it'),
      ...problemResponses([...AUTHENTICATED, 'invalid-request', 'no-vacation-running', 'contention']),
    },
  }),
};

/** The status as the API shows it: instants in RFC 3339. */
export function presentStatus<T extends VacationStatus>(status: T) {
  const { current, ...rest } = status;
  return { ...rest, current: current && { from: isoInstant(current.from), until: isoInstant(current.until), days: current.days } };
}

export function mountVacationRoutes(mount: Mount, ctx: ServiceContext): void {
  mount(vacationRoutes.read, async (c) => {
    const { player } = c.var;
    return c.json(presentStatus(await readVacation(ctx, player)), 200);
  });

  mount(vacationRoutes.start, async (c) => {
    const { player } = c.var;
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'] ?? null;
    const answer = await once(ctx, { scope: `${player.playerId}:vacation`, key, requestHash: requestHash(c, body) }, async () => ({
      status: 201,
      body: presentStatus(await startVacation(ctx, player, Date.parse(body.until), key)),
    }));
    return c.json(answer.body, 201);
  });

  mount(vacationRoutes.end, async (c) => {
    const { player } = c.var;
    const key = c.req.valid('header')['idempotency-key'] ?? null;
    return c.json(presentStatus(await endVacation(ctx, player, key)), 200);
  });
}
