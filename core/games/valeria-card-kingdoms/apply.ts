import type { Resource } from './catalog/index.js';
import type { Bag } from './catalog/index.js';
import type { VckEvent } from './events.js';
import type { Player, VckState } from './state.js';
import { withSubmission } from '../../engine/index.js';

const TOKENS = ['gold', 'strength', 'magic', 'vp'] as const;

function addTokens(player: Player, bag: Partial<Record<Resource | 'vp', number>>, sign: 1 | -1): void {
  for (const token of TOKENS) player[token] += sign * (bag[token] ?? 0);
}

function removeCard(cards: string[], card: string): void {
  const i = cards.indexOf(card);
  if (i < 0) throw new Error(`apply: card ${card} is not where the event says`);
  cards.splice(i, 1);
}

const playerOf = (draft: VckState, seat: number): Player => draft.players[seat] as Player;

function pay(player: Player, bag: Bag): void {
  addTokens(player, bag, -1);
}

/**
 * Folds one event into a draft the caller owns. Objects taken from an event
 * (tasks, options, prompts, answers, pending) are stored as they are and
 * never mutated afterwards: states and logs may share them.
 */
export function applyEvent(draft: VckState, event: VckEvent): void {
  switch (event.type) {
    case 'duke-kept': {
      const player = playerOf(draft, event.seat);
      player.duke = event.duke;
      draft.box.push(...player.dukeOffer.filter((d) => d !== event.duke));
      player.dukeOffer = [];
      if (draft.pending?.kind === 'simultaneous') draft.pending = withSubmission(draft.pending, event.seat);
      return;
    }
    case 'turn-started':
      draft.turn = { active: event.seat, resting: event.resting, dice: null, diceChangers: [], actionsLeft: 2, deadline: event.deadline, budgetMs: 0 };
      draft.tasks = [];
      draft.choice = null;
      return;
    case 'dice-rolled':
      // Two dice, as the event's schema bounds them (a tuple there would change how the API documents them).
      draft.turn.dice = [...event.dice] as [number, number];
      return;
    case 'die-changed':
      if (draft.turn.dice) draft.turn.dice[event.die] = event.value;
      draft.turn.diceChangers.push(event.domain);
      playerOf(draft, draft.turn.active).gold -= event.paid;
      return;
    case 'harvest-opened':
      draft.harvest = { ...event.harvest, submissions: draft.players.map(() => null), thefts: [], theft: null };
      draft.turn.budgetMs = event.budgetMs;
      return;
    case 'theft-offered':
      if (draft.harvest) draft.harvest.theft = event.offer;
      draft.turn.deadline = event.turnDeadline;
      return;
    case 'theft-chosen':
      if (draft.harvest) {
        draft.harvest.thefts = [...draft.harvest.thefts, { seat: event.seat, prompt: event.prompt, amount: event.amount }];
        draft.harvest.theft = null;
      }
      return;
    case 'harvest-submitted':
      if (draft.harvest) draft.harvest.submissions[event.seat] = event.answers;
      if (draft.pending?.kind === 'simultaneous') draft.pending = withSubmission(draft.pending, event.seat);
      return;
    case 'harvest-defaulted':
      if (draft.pending?.kind === 'simultaneous') draft.pending = withSubmission(draft.pending, event.seat);
      return;
    case 'harvest-resolved':
      event.deltas.forEach((delta, seat) => addTokens(playerOf(draft, seat), delta, 1));
      draft.harvest = null;
      draft.turn.deadline = event.turnDeadline;
      return;
    case 'tokens-changed': {
      const player = playerOf(draft, event.seat);
      pay(player, event.pay);
      addTokens(player, event.gain, 1);
      return;
    }
    case 'tokens-taken':
      playerOf(draft, event.from)[event.resource] -= event.amount;
      playerOf(draft, event.seat)[event.resource] += event.amount;
      return;
    case 'monster-slain': {
      const player = playerOf(draft, event.seat);
      removeCard(draft.market.monsters[event.stack]?.cards ?? [], event.card);
      player.monsters.push(event.card);
      pay(player, { strength: event.strength, magic: event.magic });
      draft.turn.actionsLeft -= 1;
      return;
    }
    case 'citizen-recruited': {
      const player = playerOf(draft, event.seat);
      const stack = draft.market.citizens[event.stack]?.cards ?? [];
      removeCard(stack, event.card);
      if ((stack[0] ?? null) !== event.next) throw new Error(`apply: ${event.next} is not the card under ${event.card}`);
      player.citizens.push(event.card);
      pay(player, { gold: event.gold, magic: event.magic });
      if (!event.free) draft.turn.actionsLeft -= 1;
      return;
    }
    case 'domain-built': {
      const player = playerOf(draft, event.seat);
      removeCard(draft.market.domains[event.stack]?.cards ?? [], event.card);
      player.domains.push(event.card);
      pay(player, { gold: event.gold, magic: event.magic });
      draft.turn.actionsLeft -= 1;
      return;
    }
    case 'resource-taken':
      playerOf(draft, event.seat)[event.resource] += 1;
      draft.turn.actionsLeft -= 1;
      return;
    case 'citizen-returned':
      removeCard(playerOf(draft, event.seat).citizens, event.card);
      draft.market.citizens[event.stack]?.cards.unshift(event.card);
      return;
    case 'monster-returned':
      removeCard(playerOf(draft, event.seat).monsters, event.card);
      draft.market.monsters[event.stack]?.cards.unshift(event.card);
      return;
    case 'monster-stolen':
      if (event.from === null) removeCard(draft.market.monsters[event.stack ?? -1]?.cards ?? [], event.card);
      else removeCard(playerOf(draft, event.from).monsters, event.card);
      playerOf(draft, event.seat).monsters.push(event.card);
      return;
    case 'dark-lord-captured':
      removeCard(draft.market[event.zone][event.stack]?.cards ?? [], event.card);
      draft.darkLord?.[event.zone].push(event.card);
      return;
    case 'tasks-queued':
      draft.tasks.unshift(...event.tasks);
      return;
    case 'task-resolved':
      draft.tasks.shift();
      draft.choice = null;
      return;
    case 'choice-offered':
      draft.choice = event.options;
      return;
    case 'phase-entered':
      draft.phase = event.phase;
      return;
    case 'turn-ended':
      draft.turnsPlayed += 1;
      draft.endTriggered = event.endTriggered;
      return;
    case 'game-ended':
      draft.finished = true;
      draft.pending = null;
      draft.phase = 'over';
      draft.verdict = event.verdict;
      return;
  }
}
