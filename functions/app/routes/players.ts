import { isoInstant } from '../../../core/table/index.js';
import type { ServiceContext } from '../../service/context.js';
import { BOT_RUNNING_GAMES, convertToBot, isBotAccount } from '../../service/bot-accounts.js';
import { registerPlayer } from '../../service/players.js';
import type { PlayerRecord } from '../../store/port.js';
import { ANY_TOKEN, requires } from '../auth.js';
import { ANY_TOKEN_CHECKED, AUTHENTICATED, WITH_BODY } from '../problem-codes.js';
import { problemResponses } from '../problem.js';
import { defineRoute, jsonBody, jsonResponse, type Mount } from '../route.js';
import { ConvertToBotBody, CreatePlayerBody } from '../schemas.js';

/** The player routes, in document order. */
export const playerRoutes = {
  register: defineRoute({
    method: 'post',
    operationId: 'registerPlayer',
    security: [],
    path: '/v1/players',
    tags: ['players'],
    summary: 'Register a player and receive an API token (shown once)',
    description:
      'Not idempotent by design: the token is never stored (only its hash), so there is no first answer to replay. A retried registration simply creates another player.',
    request: {
      body: jsonBody(CreatePlayerBody, {
        person: { summary: 'A person', value: { name: 'Ann' } },
        bot: { summary: 'A bot account Ann answers for', value: { name: 'Ann’s bot', bot: { owner: 'pl_Q2xJm4pTr0Vb' } } },
      }),
    },
    responses: {
      201: jsonResponse('NewPlayer', 'The new player and their bearer token'),
      ...problemResponses([...WITH_BODY, 'invalid-name', 'invalid-bot-owner', 'store-unavailable']),
    },
  }),

  me: defineRoute({
    method: 'get',
    operationId: 'getMe',
    path: '/v1/players/me',
    tags: ['players'],
    summary: 'The player this token belongs to',
    description: 'Checks a token: the player it belongs to.',
    security: ANY_TOKEN,
    responses: { 200: jsonResponse('Player', 'You'), ...problemResponses(ANY_TOKEN_CHECKED) },
  }),

  convertToBot: defineRoute({
    method: 'post',
    operationId: 'convertToBot',
    path: '/v1/players/me/bot',
    tags: ['players'],
    summary: 'Make this account a bot account, for good',
    description: `Irreversible, and only for an account that has played no game (\`409 games-played\`): its past games were a person's. A bot account is badged wherever it sits (\`botAccount\` on its seats), sits only at tables that allow bots (\`table.allowBots\`, on by default; \`403 bots-not-allowed\`), and counts at most ${BOT_RUNNING_GAMES} running games. \`owner\` is the person who answers for it.`,
    security: requires('account:write'),
    request: { body: jsonBody(ConvertToBotBody, { owned: { summary: 'Owned by Ann', value: { owner: 'pl_Q2xJm4pTr0Vb' } } }) },
    responses: {
      200: jsonResponse('Player', 'The bot account'),
      ...problemResponses([...AUTHENTICATED, ...WITH_BODY, 'already-bot', 'games-played', 'invalid-bot-owner']),
    },
  }),
};

/** A player as they see themselves (and, later, as others do): a bot account says so and names its owner. */
export function presentPlayer(player: PlayerRecord) {
  return {
    playerId: player.playerId,
    name: player.name,
    createdAt: isoInstant(player.createdAt),
    kind: isBotAccount(player) ? ('bot' as const) : ('person' as const),
    owner: player.botOwner ?? null,
  };
}

export function mountPlayerRoutes(mount: Mount, ctx: ServiceContext): void {
  mount(playerRoutes.register, async (c) => {
    const body = c.req.valid('json');
    const registered = await registerPlayer(ctx, body.name, body.bot?.owner);
    return c.json({ ...presentPlayer(registered.player), token: registered.token }, 201);
  });

  mount(playerRoutes.me, async (c) => c.json(presentPlayer(c.var.player), 200));

  mount(playerRoutes.convertToBot, async (c) => c.json(presentPlayer(await convertToBot(ctx, c.var.player, c.req.valid('json').owner)), 200));
}
