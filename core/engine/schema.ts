/**
 * Building blocks of the zod schemas each game declares its events with
 * (core/games/<game>/events.ts), which the documented contract
 * (functions/app/contract) reuses. Only schema modules import this: the
 * engines import those modules' types alone, so the service never builds
 * these schemas (the kit's index does not re-export them).
 */
import * as z from 'zod';

/** A seat number; every game seats at most five. */
export const SeatNumber = z.number().int().min(0).max(4);

export const Count = z.number().int().min(0);

/**
 * An instant as the engines keep it: epoch milliseconds, under a name the
 * API's time format recognises (`at`, `deadline`, `…At`, `…Deadline`), which
 * it sends as an RFC 3339 string (core/table/times.ts).
 */
export const EpochMs = z.number().int();

/** A duration as the engines keep it, under a name ending in `Ms`: the API sends it as whole `…Seconds`. */
export const Millis = z.number().int().min(0);

/** `GameName` + `Thing` → the component name `GameNameThing`. */
export const pascal = (id: string) => id.replace(/(^|-)([a-z])/g, (_, __, ch: string) => ch.toUpperCase());

/**
 * `schema` or null. Not `.nullable()`: for a named component the generator
 * would write `allOf: [$ref, {type: [object, null]}]`, which refuses null.
 */
export const orNull = <T extends z.ZodType>(schema: T) => z.union([schema, z.null()]);

/** Names an object schema `${prefix}${Value}` after the literal value of its `key`, e.g. `VillagePillageMovePlan`. */
export function tagged<T extends z.ZodObject>(prefix: string, key: string, schema: T): T {
  const value = (schema.shape[key] as z.ZodLiteral<string>).value;
  return schema.meta({ id: `${prefix}${pascal(value)}` });
}

/**
 * A union discriminated by `key` whose members are named components (those
 * not named yet become `${id}${Value}`), so the document carries `oneOf` +
 * `discriminator` with a mapping and generated clients narrow on the key.
 */
export function namedUnion<const T extends readonly [z.ZodObject, ...z.ZodObject[]]>(key: string, id: string, members: T) {
  const name = (member: T[number]): T[number] => (z.globalRegistry.get(member)?.id ? member : tagged(id, key, member));
  const [first, ...rest] = members;
  return z.discriminatedUnion(key, [name(first), ...rest.map(name)]).meta({ id });
}

/**
 * A game's events as the API documents them, each an object discriminated
 * by `type`: `publicEvents`, one shape for every viewer and for the log;
 * `logged` and `visible`, the events whose hidden parts only some viewers
 * see (the game's `redactEvent`), as the log holds them (the verification
 * after the end) and as a viewer receives them.
 */
export interface EventVocabulary {
  readonly publicEvents: readonly z.ZodObject[];
  readonly logged: readonly z.ZodObject[];
  readonly visible: readonly z.ZodObject[];
}
