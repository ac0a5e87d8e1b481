import * as z from 'zod';
import {
  awaitIn,
  dueSeats,
  everyoneSubmitted,
  initialBase,
  listingOf,
  openSimultaneousWindow,
  openTurn,
  rejecterOf,
  Rng,
  rngStateFromSeed,
  withSubmission,
  type BaseState,
  type GameEngine,
  type Seat,
  type StandingOrders,
} from '../../core/engine/index.js';

/**
 * "Sealed Bids": a tiny game that exercises every kind of pending entry the
 * service must handle generically, far faster than the real games. Used by
 * the service and API tests that are about the service, not about a game.
 * Each round every seat secretly bids a card of its hand (a simultaneous
 * window); the highest single bid scores and the bids go back to their hands;
 * then the round's leader may `double` or `pass` (a turn). Hands are secret;
 * bids stay hidden until the window closes. Games can run to hundreds of
 * commits, which the API benchmark uses to compare move 10 with move 500.
 */
interface SealedBidsState extends BaseState {
  round: number;
  rounds: number;
  hands: number[][];
  bids: (number | null)[];
  points: number[];
  doubled: boolean;
}

const Options = z.strictObject({ rounds: z.number().int().min(1).max(500).default(3) });
const Move = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('bid'), card: z.number().int() }),
  z.strictObject({ type: z.literal('double') }),
  z.strictObject({ type: z.literal('pass') }),
]);
type Move = z.infer<typeof Move>;

type Event =
  | { type: 'bid-placed'; seat: Seat; card: number }
  | { type: 'bids-revealed'; bids: number[]; winner: Seat | null; pending: SealedBidsState['pending'] }
  | { type: 'leader-chose'; seat: Seat; choice: 'double' | 'pass'; pending: SealedBidsState['pending']; finished: boolean };

const leaderOf = (s: SealedBidsState) => s.round % s.seats;

function closeBids(state: SealedBidsState, bids: number[], at: number): Event {
  const top = Math.max(...bids);
  const winners = bids.flatMap((b, seat) => (b === top ? [seat] : []));
  const pending = openTurn({ opened: state.pendingOpened, at, deadlines: state.deadlines, step: 'lead', timer: 'turn', seat: leaderOf(state) });
  return { type: 'bids-revealed', bids, winner: winners.length === 1 ? (winners[0] as Seat) : null, pending };
}

function bidEvents(state: SealedBidsState, seat: Seat, card: number, at: number): Event[] {
  const placed: Event = { type: 'bid-placed', seat, card };
  const pending = state.pending;
  if (pending?.kind !== 'simultaneous') return [placed];
  const bids = state.bids.map((b, s) => (s === seat ? card : b));
  if (!everyoneSubmitted(withSubmission(pending, seat))) return [placed];
  return [placed, closeBids(state, bids as number[], at)];
}

function leaderEvent(state: SealedBidsState, seat: Seat, choice: 'double' | 'pass', at: number): Event {
  const finished = state.round + 1 >= state.rounds;
  const pending = finished
    ? null
    : openSimultaneousWindow({ opened: state.pendingOpened, at, deadlines: state.deadlines, step: 'bid', timer: 'window', seats: range(state.seats) });
  return { type: 'leader-chose', seat, choice, pending, finished };
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

function viewOf(state: SealedBidsState, viewer: Seat | null) {
  return {
    round: state.round,
    points: state.points,
    hand: viewer === null ? null : state.hands[viewer],
    handSizes: state.hands.map((h) => h.length),
    yourBid: viewer === null ? null : state.bids[viewer],
  };
}

const Orders = z.strictObject({ bid: z.number().int().optional(), lead: z.enum(['double', 'pass']).optional() });

/** "Always bid this card" / "always make this choice when leading". */
const standingOrders: StandingOrders<SealedBidsState, Move, z.infer<typeof Orders>> = {
  schema: Orders,
  answer(state, seat, orders) {
    const pending = state.pending;
    if (pending?.kind === 'simultaneous' && orders.bid !== undefined && !pending.submitted.includes(seat) && state.hands[seat]?.includes(orders.bid))
      return { type: 'bid', card: orders.bid };
    if (pending?.kind === 'turn' && orders.lead !== undefined) return { type: orders.lead };
    return null;
  },
};

/** The fixture's refusals, in the shape every game's table has. */
const reject = rejecterOf({
  'not-bidding': 'Bids are only taken while the bid window is open.',
  'card-not-in-hand': 'You do not hold card {card}.',
  'not-leading': 'Only the round leader chooses, after the bids.',
} as const);

export const sealedBids: GameEngine<SealedBidsState, Move, Event, z.infer<typeof Options>> = {
  meta: { id: 'sealed-bids', title: 'Sealed Bids (test fixture)', minSeats: 2, maxSeats: 5, summary: 'Secret bids, then a leader choice.', variants: [] },
  engineVersion: 1,
  optionsSchema: Options,
  moveSchema: Move,
  setup(init) {
    const { seats, options, deadlines, seed, at } = init;
    const rng = new Rng(rngStateFromSeed(seed));
    const deck = rng.shuffle(range(seats * 5).map((i) => i + 1));
    const pending = openSimultaneousWindow({ opened: 0, at, deadlines, step: 'bid', timer: 'window', seats: range(seats) });
    return {
      ...initialBase('sealed-bids', init, rng.state, pending),
      round: 0,
      rounds: options.rounds,
      hands: range(seats).map((s) => deck.slice(s * 5, s * 5 + 5)),
      bids: range(seats).map(() => null),
      points: range(seats).map(() => 0),
      doubled: false,
    };
  },
  legalMoves(state, seat) {
    if (state.pending?.kind === 'simultaneous') return (state.hands[seat] ?? []).map((card) => ({ type: 'bid', card }));
    return [{ type: 'double' }, { type: 'pass' }];
  },
  decideMove(draft, seat, move) {
    const state = draft.state;
    if (move.type === 'bid') {
      if (state.pending?.kind !== 'simultaneous') return reject('not-bidding');
      if (!(state.hands[seat] ?? []).includes(move.card)) return reject('card-not-in-hand', { card: move.card });
      draft.emit(...bidEvents(state, seat, move.card, draft.at));
      return null;
    }
    if (state.pending?.kind !== 'turn') return reject('not-leading');
    draft.emit(leaderEvent(state, seat, move.type, draft.at));
    return null;
  },
  decideTimeout(draft) {
    const state = draft.state;
    if (state.pending?.kind === 'simultaneous') {
      // Only the parts that are due: a late part (a vacation) keeps the window open for its seat.
      const bids = [...state.bids];
      for (const seat of dueSeats(state.pending, draft.at)) {
        bids[seat] = draft.rng.pick(state.hands[seat] as number[]);
        draft.emit({ type: 'bid-placed', seat, card: bids[seat] });
      }
      if (bids.every((b) => b !== null)) draft.emit(closeBids(state, bids as number[], draft.at));
    } else draft.emit(leaderEvent(state, leaderOf(state), 'pass', draft.at));
  },
  clone: (state) => structuredClone(state),
  evolve(draft, event) {
    switch (event.type) {
      case 'bid-placed':
        draft.bids[event.seat] = event.card;
        if (draft.pending?.kind === 'simultaneous') draft.pending = withSubmission(draft.pending, event.seat);
        return;
      case 'bids-revealed':
        if (event.winner !== null) draft.points[event.winner] = (draft.points[event.winner] ?? 0) + 1;
        draft.bids = draft.bids.map(() => null);
        awaitIn(draft, event.pending);
        return;
      case 'leader-chose':
        if (event.choice === 'double') draft.points[event.seat] = (draft.points[event.seat] ?? 0) * 2;
        draft.round += 1;
        awaitIn(draft, event.pending);
        draft.finished = event.finished;
        return;
    }
  },
  view: viewOf,
  // The cards of the viewer's own hand (dealt face down).
  shown: (state, viewer) => (viewOf(state, viewer).hand ?? []).map(String),
  // The others' hands, and their bids still hidden (each a card of their new hand).
  redeal(state, viewer, rng) {
    const world = structuredClone(state);
    const others = range(state.seats).filter((seat) => seat !== viewer);
    const dealt = rng.deal(
      others.flatMap((seat) => world.hands[seat] ?? []),
      others.map((seat) => world.hands[seat]?.length ?? 0),
    );
    others.forEach((seat, i) => {
      const hand = dealt[i] as number[];
      world.hands[seat] = hand;
      if (world.bids[seat] !== null) world.bids[seat] = rng.pick(hand);
    });
    world.rng = rng.split();
    return world;
  },
  redactEvent(event, viewer) {
    if (event.type === 'bid-placed' && event.seat !== viewer) return { type: 'bid-placed', seat: event.seat };
    return event;
  },
  score(state) {
    const top = Math.max(...state.points);
    return { scores: state.points, winners: state.finished ? range(state.seats).filter((s) => state.points[s] === top) : [], turns: state.round };
  },
  standingOrders,
  bots: {
    random: ({ legal }, rng) => rng.pick(legal),
    greedy: ({ legal }) => legal.at(-1) as Move,
  },
};

/** Sealed Bids as the registry would list it. */
export const sealedBidsListing = listingOf(sealedBids);
