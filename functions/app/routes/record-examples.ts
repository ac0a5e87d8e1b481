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
      gameId: 'g_vZmjkQ0qxQub',
      game: 'village-pillage',
      status: 'active',
      viewer: { seat: 0, full: false },
      createdAt: '2026-11-26T18:23:12.271Z',
      setup: { seats: 2, options: {}, deadlines: { windowSeconds: 86400, turnSeconds: 259200 }, startedAt: '2026-11-26T18:23:12.838Z' },
      table: { undo: true, replaceAfterTimeouts: 3, vacation: true },
      seats: [
        { seat: 0, kind: 'player', playerId: 'pl_9EBfelwojWFZ', name: 'Ann' },
        { seat: 1, kind: 'bot', level: 'greedy' },
      ],
      seedHash: 'd178e300e409b15f9f5030b5b1303218d1fdceaa0e67c91a24fd190d1e204b82',
      endedAt: null,
      commits: [
        { seq: 1, at: '2026-11-26T18:23:13.015Z', actor: { kind: 'system' }, command: { type: 'start', at: '2026-11-26T18:23:12.838Z' }, events: [] },
        { seq: 2, at: '2026-11-26T18:23:13.034Z', actor: { kind: 'bot', seat: 1 }, events: [{ type: 'plan-submitted', seat: 1 }] },
        {
          seq: 3,
          at: '2026-11-26T18:23:13.533Z',
          actor: { kind: 'player', seat: 0, playerId: 'pl_9EBfelwojWFZ' },
          command: { type: 'moves', seat: 0, moves: [{ type: 'queue', front: 'Farmer', back: 'Wall' }], at: '2026-11-26T18:23:13.527Z' },
          events: [
            { type: 'plan-submitted', seat: 0, cards: ['Farmer', 'Wall'] },
            {
              type: 'plans-revealed',
              plays: [
                { seat: 0, card: 'Farmer', toward: 1, side: 'front' },
                { seat: 1, card: 'Farmer', toward: 0, side: 'front' },
              ],
            },
            { type: 'gained', seat: 0, card: 'Farmer', amount: 3 },
            { type: 'gained', seat: 1, card: 'Farmer', amount: 3 },
            { type: 'round-refreshed', round: 2 },
            { type: 'awaiting', pending: { kind: 'simultaneous', id: 'p2', deadline: '2026-11-29T18:23:13.527Z', step: 'plan', seats: [0, 1], submitted: [] } },
          ],
        },
        { seq: 4, at: '2026-11-26T18:23:13.547Z', actor: { kind: 'bot', seat: 1 }, events: [{ type: 'plan-submitted', seat: 1 }] },
      ],
      next: 4,
      more: false,
    },
  },
  finished: {
    summary: 'Once it is over: the last page (after=49) of the whole record, with the seed and the scores',
    value: {
      format: 'valeria-tabletop/game-record',
      formatVersion: 1,
      gameId: 'g_vZmjkQ0qxQub',
      game: 'village-pillage',
      status: 'finished',
      viewer: { seat: 0, full: true },
      createdAt: '2026-11-26T18:23:12.271Z',
      setup: { seats: 2, options: {}, deadlines: { windowSeconds: 86400, turnSeconds: 259200 }, startedAt: '2026-11-26T18:23:12.838Z' },
      table: { undo: true, replaceAfterTimeouts: 3, vacation: true },
      seats: [
        { seat: 0, kind: 'player', playerId: 'pl_9EBfelwojWFZ', name: 'Ann' },
        { seat: 1, kind: 'bot', level: 'greedy' },
      ],
      seedHash: 'd178e300e409b15f9f5030b5b1303218d1fdceaa0e67c91a24fd190d1e204b82',
      seed: '528e705a58fe3800eef3bf07afe9b7ea2425dab88f6ccd2f737811e8ad0a08e3',
      endedAt: '2026-11-26T18:23:19.185Z',
      result: {
        scores: [3, 2],
        winners: [0],
        details: [
          { relics: ['Sceptre', 'Throne', 'Crown'], turnips: 5, stockpile: 1, bank: 4, cardsInHand: 4 },
          { relics: ['Sceptre', 'Throne'], turnips: 12, stockpile: 12, bank: 0, cardsInHand: 3 },
        ],
        turns: 22,
      },
      commits: [
        {
          seq: 50,
          at: '2026-11-26T18:23:19.185Z',
          actor: { kind: 'player', seat: 0, playerId: 'pl_9EBfelwojWFZ' },
          command: { type: 'moves', seat: 0, moves: [{ type: 'enqueue', card: 'Farmer' }], at: '2026-11-26T18:23:19.185Z' },
          events: [
            { type: 'plan-submitted', seat: 0, cards: ['Farmer'] },
            {
              type: 'plans-revealed',
              plays: [
                { seat: 0, card: 'Merchant', toward: 1, side: 'front' },
                { seat: 1, card: 'Orchardist', toward: 0, side: 'front' },
              ],
            },
            { type: 'gained', seat: 1, card: 'Orchardist', amount: 4 },
            { type: 'buys-ordered', tasks: [{ seat: 0, card: 'Merchant', side: 'front', choosesOrder: false }] },
            { type: 'relic-bought', seat: 0, card: 'Merchant', relic: 'Crown', paid: { stockpile: 8, bank: 0 } },
            { type: 'game-ended', winners: [0] },
            { type: 'seed-revealed', seed: '528e705a58fe3800eef3bf07afe9b7ea2425dab88f6ccd2f737811e8ad0a08e3' },
          ],
        },
      ],
      next: 50,
      more: false,
    },
  },
} as const;
