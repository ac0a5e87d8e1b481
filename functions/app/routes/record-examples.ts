/**
 * Worked examples of a record, as the document shows them: real answers of
 * one Village Pillage game against the greedy bot, captured from the running
 * service — Ann’s record after her first move (the bot’s plans hidden from
 * her), and the last page of the whole record once the game was over.
 */
export const RECORD_EXAMPLES = {
  running: {
    summary: 'While the game runs: seat 0’s record (the bot’s commands and plans stay hidden)',
    value: {
      format: 'valeria-tabletop/game-record',
      formatVersion: 1,
      gameId: 'g_POgTz4bnXcst',
      game: 'village-pillage',
      status: 'active',
      viewer: { seat: 0, full: false },
      createdBy: 'pl_IWWDOUKK9b7v',
      createdAt: '2026-11-26T18:38:37.325Z',
      setup: { seats: 2, options: {}, deadlines: { windowSeconds: 86400, turnSeconds: 259200 }, startedAt: '2026-11-26T18:38:37.826Z' },
      table: { undo: true, replaceAfterTimeouts: 3, vacation: true },
      rated: false,
      visibility: 'invite',
      seats: [
        { seat: 0, kind: 'player', playerId: 'pl_IWWDOUKK9b7v', name: 'Ann' },
        { seat: 1, kind: 'bot', level: 'greedy' },
      ],
      seedHash: 'e6f03d7312649f9b65faeced388c8bd85f3b6d009bb241ddb5fd08e0adbb4995',
      endedAt: null,
      commits: [
        { seq: 1, at: '2026-11-26T18:38:37.959Z', actor: { kind: 'system' }, command: { type: 'start', at: '2026-11-26T18:38:37.826Z' }, events: [] },
        { seq: 2, at: '2026-11-26T18:38:37.988Z', actor: { kind: 'bot', seat: 1 }, events: [{ type: 'plan-submitted', seat: 1 }] },
        {
          seq: 3,
          at: '2026-11-26T18:38:38.271Z',
          actor: { kind: 'player', seat: 0, playerId: 'pl_IWWDOUKK9b7v' },
          command: { type: 'moves', seat: 0, moves: [{ type: 'queue', front: 'Farmer', back: 'Wall' }], at: '2026-11-26T18:38:38.266Z' },
          events: [
            { type: 'plan-submitted', seat: 0, cards: ['Farmer', 'Wall'] },
            {
              type: 'plans-revealed',
              plays: [
                { seat: 0, card: 'Farmer', toward: 1, side: 'front' },
                { seat: 1, card: 'Raider', toward: 0, side: 'front' },
              ],
            },
            { type: 'gained', seat: 0, card: 'Farmer', amount: 2 },
            { type: 'stolen', seat: 1, card: 'Raider', from: 0, pool: 'stockpile', amount: 3 },
            { type: 'round-refreshed', round: 2 },
            { type: 'awaiting', pending: { kind: 'simultaneous', id: 'p2', deadline: '2026-11-29T18:38:38.266Z', step: 'plan', seats: [0, 1], submitted: [] } },
          ],
        },
        { seq: 4, at: '2026-11-26T18:38:38.273Z', actor: { kind: 'bot', seat: 1 }, events: [{ type: 'plan-submitted', seat: 1 }] },
      ],
      next: 4,
      more: false,
    },
  },
  finished: {
    summary: 'Once it is over: the last page (after=44) of the whole record, with the seed and the scores',
    value: {
      format: 'valeria-tabletop/game-record',
      formatVersion: 1,
      gameId: 'g_POgTz4bnXcst',
      game: 'village-pillage',
      status: 'finished',
      viewer: { seat: 0, full: true },
      createdBy: 'pl_IWWDOUKK9b7v',
      createdAt: '2026-11-26T18:38:37.325Z',
      setup: { seats: 2, options: {}, deadlines: { windowSeconds: 86400, turnSeconds: 259200 }, startedAt: '2026-11-26T18:38:37.826Z' },
      table: { undo: true, replaceAfterTimeouts: 3, vacation: true },
      rated: false,
      visibility: 'invite',
      seats: [
        { seat: 0, kind: 'player', playerId: 'pl_IWWDOUKK9b7v', name: 'Ann' },
        { seat: 1, kind: 'bot', level: 'greedy' },
      ],
      seedHash: 'e6f03d7312649f9b65faeced388c8bd85f3b6d009bb241ddb5fd08e0adbb4995',
      seed: 'fd1236c7a4368bdcca0ce09999bd19f1613df4c3b9384a72d1c1d549b6f91b2b',
      endedAt: '2026-11-26T18:38:41.936Z',
      result: {
        scores: [2, 3],
        winners: [1],
        details: [
          { relics: ['Sceptre', 'Throne'], turnips: 6, stockpile: 3, bank: 3, cardsInHand: 4 },
          { relics: ['Sceptre', 'Throne', 'Crown'], turnips: 0, stockpile: 0, bank: 0, cardsInHand: 4 },
        ],
        turns: 20,
      },
      commits: [
        {
          seq: 45,
          at: '2026-11-26T18:38:41.936Z',
          actor: { kind: 'player', seat: 0, playerId: 'pl_IWWDOUKK9b7v' },
          command: { type: 'moves', seat: 0, moves: [{ type: 'enqueue', card: 'Wall' }], at: '2026-11-26T18:38:41.935Z' },
          events: [
            { type: 'plan-submitted', seat: 0, cards: ['Wall'] },
            {
              type: 'plans-revealed',
              plays: [
                { seat: 0, card: 'Farmer', toward: 1, side: 'front' },
                { seat: 1, card: 'Merchant', toward: 0, side: 'front' },
              ],
            },
            { type: 'gained', seat: 0, card: 'Farmer', amount: 3 },
            { type: 'buys-ordered', tasks: [{ seat: 1, card: 'Merchant', side: 'front', choosesOrder: false }] },
            { type: 'relic-bought', seat: 1, card: 'Merchant', relic: 'Crown', paid: { stockpile: 7, bank: 1 } },
            { type: 'game-ended', winners: [1] },
            { type: 'seed-revealed', seed: 'fd1236c7a4368bdcca0ce09999bd19f1613df4c3b9384a72d1c1d549b6f91b2b' },
          ],
        },
      ],
      next: 45,
      more: false,
    },
  },
} as const;
