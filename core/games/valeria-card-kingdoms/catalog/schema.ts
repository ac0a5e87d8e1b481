import * as z from 'zod';
import { RESOURCES } from './vocabulary.js';

/**
 * Shapes of the card catalog. Every power and reward is data over one small
 * effect vocabulary, interpreted by `effects.ts`; no card has code of its own.
 */
export const Resource = z.enum(RESOURCES);
export type Resource = z.infer<typeof Resource>;

export const Role = z.enum(['Worker', 'Soldier', 'Shadow', 'Holy']);
export type Role = z.infer<typeof Role>;

export const Area = z.enum(['Hills', 'Ruins', 'Forest', 'Valley', 'Mountains', 'Moors', 'Swamp', 'Cave']);
export type Area = z.infer<typeof Area>;

export const MonsterType = z.enum(['Minion', 'Beast', 'Boss', 'Titan']);
export type MonsterType = z.infer<typeof MonsterType>;

const amount = z.number().int().min(0);

/** Tokens gained or paid: the three resources and VP tokens. */
export const Bag = z.strictObject({ gold: amount.optional(), strength: amount.optional(), magic: amount.optional(), vp: amount.optional() });
export type Bag = z.infer<typeof Bag>;

/** What a "per" effect counts in its owner's kingdom (powers count Citizens for roles and names). */
export const Count = z.discriminatedUnion('of', [
  z.strictObject({ of: z.literal('role'), role: Role }),
  z.strictObject({ of: z.literal('card-name'), name: z.string() }),
  z.strictObject({ of: z.literal('domain') }),
  z.strictObject({ of: z.literal('monster-area'), area: Area }),
]);
export type Count = z.infer<typeof Count>;

/** Effects that only move tokens: what a harvest may do, and what a `choice` offers. */
const gain = z.strictObject({ kind: z.literal('gain'), gain: Bag });
/** per-role, per-card-name, per Domain, per slain Monster of an area. */
const per = z.strictObject({ kind: z.literal('per'), count: Count, gain: Bag });
/** An optional exchange with the reserve ("payé pour"). */
const payFor = z.strictObject({
  kind: z.literal('pay-for'),
  pay: Bag.refine((b) => b.vp === undefined, 'VP tokens are never paid'),
  gain: Bag,
});
export const TokenEffect = z.discriminatedUnion('kind', [gain, per, payFor]);
export type TokenEffect = z.infer<typeof TokenEffect>;

/** The "|" of the cards: exactly one alternative is chosen. */
const choice = z.strictObject({ kind: z.literal('choice'), options: z.array(z.array(TokenEffect).min(1)).min(2) });
/** Take tokens of one kind from one chosen opponent (the reserve in solo), fewer if they have fewer. */
const takeFromPlayer = z.strictObject({ kind: z.literal('take-from-player'), amount: z.number().int().min(1), resources: z.array(Resource).min(1) });

export const HarvestEffect = z.discriminatedUnion('kind', [gain, per, payFor, choice, takeFromPlayer]);
export type HarvestEffect = z.infer<typeof HarvestEffect>;

/** Take a market Citizen for free: base cost at most `maxCost` (null: any), the "+" ignored; `name` restricts it. */
const freeRecruit = z.strictObject({ kind: z.literal('free-recruit'), maxCost: z.number().int().min(0).nullable(), name: z.string().optional() });
/** Return one of your cards to its market stack, reopening an exhausted one (a Citizen: one you recruited, VK-R10). */
const returnToStack = z.strictObject({ kind: z.literal('return-to-stack'), card: z.enum(['citizen', 'monster']) });
/** A random Monster from a chosen opponent's victory pile, without its reward. */
const stealMonster = z.strictObject({ kind: z.literal('steal-monster') });
/** Cards-and-tokens effects of rewards and Domains; a `choice` here may offer any of them. */
const CardEffectBase = z.discriminatedUnion('kind', [gain, per, payFor, takeFromPlayer, freeRecruit, returnToStack, stealMonster]);
const rewardChoice = z.strictObject({ kind: z.literal('choice'), options: z.array(z.array(CardEffectBase).min(1)).min(2) });
export const Effect = z.discriminatedUnion('kind', [gain, per, payFor, takeFromPlayer, freeRecruit, returnToStack, stealMonster, rewardChoice]);
export type Effect = z.infer<typeof Effect>;

/** A roll-phase Domain power: move one die, paying Gold (fixed, plus 1 per Citizen of a role). */
export const ChangeDie = z.strictObject({
  kind: z.literal('change-die'),
  change: z.union([z.strictObject({ to: z.number().int().min(1).max(6) }), z.strictObject({ by: z.number().int().min(-5).max(5) })]),
  cost: z.strictObject({ gold: amount, perRole: Role.optional() }),
});
export type ChangeDie = z.infer<typeof ChangeDie>;

/**
 * Where a card's facts come from: `source` lists the fields taken from the
 * published rules (the rules of record); everything else on it is designed.
 */
export const Provenance = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('source'), facts: z.array(z.string()).min(1) }),
  z.strictObject({ kind: z.literal('designed') }),
]);

export const CitizenCard = z.strictObject({
  name: z.string(),
  /** Activation values: one die value (1-6) or two sums (9-10, 11-12). */
  activation: z.array(z.number().int().min(1).max(12)).min(1).max(2),
  role: Role,
  /** Base Gold cost; every citizen has the "+" (one more per copy of the name already owned). */
  cost: z.number().int().min(1),
  active: z.array(HarvestEffect).min(1),
  passive: z.array(HarvestEffect).min(1),
  provenance: Provenance,
});
export type CitizenCard = z.infer<typeof CitizenCard>;

export const StarterCard = z.strictObject({
  name: z.string(),
  /** The market name it counts as for costs and "per name" powers. */
  countsAs: z.string(),
  activation: z.array(z.number().int().min(1).max(12)).length(1),
  active: z.array(HarvestEffect).min(1),
  passive: z.array(HarvestEffect).min(1),
  provenance: Provenance,
});
export type StarterCard = z.infer<typeof StarterCard>;

export const MonsterCard = z.strictObject({
  name: z.string(),
  area: Area,
  /** 1 = weakest (top of the stack) … 3 = strongest (bottom). */
  tier: z.number().int().min(1).max(3),
  type: MonsterType,
  strength: z.number().int().min(1),
  magic: z.number().int().min(0),
  reward: z.array(Effect).min(1),
  vp: z.number().int().min(0),
  copies: z.number().int().min(1),
  /** How many of the copies are marked "5 players only". */
  fivePlayerCopies: z.number().int().min(0),
  provenance: Provenance,
});
export type MonsterCard = z.infer<typeof MonsterCard>;

export const RoleCounts = z.partialRecord(Role, z.number().int().min(1));
export type RoleCounts = z.infer<typeof RoleCounts>;

/** When a Domain's power works: once when built, or a lasting trigger. */
export const DomainPower = z.discriminatedUnion('when', [
  z.strictObject({ when: z.literal('built'), effects: z.array(Effect).min(1) }),
  /** Once per roll, in the owner's roll phase. */
  z.strictObject({ when: z.literal('roll'), change: ChangeDie }),
  /** Whenever any player's dice become a double (rolled or made by changes). */
  z.strictObject({ when: z.literal('any-double'), effects: z.array(TokenEffect).min(1) }),
  /** In the owner's own harvest, beside their active powers. */
  z.strictObject({ when: z.literal('your-harvest'), effects: z.array(TokenEffect).min(1) }),
  z.strictObject({ when: z.literal('you-slay'), effects: z.array(Effect).min(1) }),
  z.strictObject({ when: z.literal('you-recruit'), effects: z.array(Effect).min(1) }),
]);
export type DomainPower = z.infer<typeof DomainPower>;

export const DomainCard = z.strictObject({
  name: z.string(),
  /** Roles among your Citizens needed to build it; also the roles it shows for Duke scoring. */
  requirement: RoleCounts,
  cost: z.number().int().min(1),
  vp: z.number().int().min(0),
  power: DomainPower,
  provenance: Provenance,
});
export type DomainCard = z.infer<typeof DomainCard>;

export const DukeTerm = z.discriminatedUnion('per', [
  z.strictObject({ per: z.literal('role'), role: Role, vp: z.number().int().min(1) }),
  z.strictObject({ per: z.literal('monster-type'), type: MonsterType, vp: z.number().int().min(1) }),
  z.strictObject({ per: z.literal('monster'), vp: z.number().int().min(1) }),
  z.strictObject({ per: z.literal('domain'), vp: z.number().int().min(1) }),
  /** 1 VP (or `vp`) per full group of `every` resource tokens. */
  z.strictObject({ per: z.literal('resources'), every: z.number().int().min(1), vp: z.number().int().min(1) }),
]);
export type DukeTerm = z.infer<typeof DukeTerm>;

export const DukeCard = z.strictObject({ name: z.string(), terms: z.array(DukeTerm).min(1), provenance: Provenance });
export type DukeCard = z.infer<typeof DukeCard>;

/** The ten market columns' activation slots and the citizen names each may hold. */
export const Slot = z.strictObject({ label: z.string(), names: z.array(z.string()).min(1).max(2) });
export type Slot = z.infer<typeof Slot>;

export const Catalog = z
  .strictObject({
    slots: z.array(Slot).length(10),
    citizens: z.array(CitizenCard).length(18),
    citizenCopies: z.number().int(),
    starters: z.array(StarterCard).length(2),
    starterCopies: z.number().int(),
    monsters: z.array(MonsterCard),
    domains: z.array(DomainCard).length(24),
    dukes: z.array(DukeCard).length(10),
    exhaustedCards: z.number().int(),
  })
  // Every `source` fact must name a field the card really has.
  .superRefine((catalog, ctx) => {
    const groups = { citizens: catalog.citizens, starters: catalog.starters, monsters: catalog.monsters, domains: catalog.domains, dukes: catalog.dukes };
    for (const [group, cards] of Object.entries(groups)) {
      cards.forEach((card, i) => {
        if (card.provenance.kind !== 'source') return;
        for (const fact of card.provenance.facts)
          if (!(fact in card)) ctx.addIssue({ code: 'custom', path: [group, i, 'provenance'], message: `${card.name}: unknown fact field ${fact}` });
      });
    }
  });
export type Catalog = z.infer<typeof Catalog>;
