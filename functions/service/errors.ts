import { GAME_REFUSAL_STATUS, KIT_MOVE_PROBLEMS, SERVICE_PROBLEMS, type ProblemStatus, type ServiceProblemCode } from './problems.js';

/**
 * A refusal the HTTP layer turns into an RFC 9457 problem document. `code` is
 * stable: clients switch on it; `detail` is for people. `retryAfterSeconds`
 * becomes the `Retry-After` header. Made by `fail` (the service's codes,
 * problems.ts) and `engineRefusal` (the engines' codes), never by hand.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: ProblemStatus,
    readonly code: string,
    readonly detail: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
    this.name = 'ServiceError';
  }
}

type Spec<C extends ServiceProblemCode> = (typeof SERVICE_PROBLEMS)[C];

/** The codes something raises: those whose answer the table words. */
export type RaisedCode = { [C in ServiceProblemCode]: Spec<C> extends { readonly detail: unknown } ? C : never }[ServiceProblemCode];

type DetailFacts<S> = S extends { readonly detail: (facts: infer F) => string } ? F : unknown;
type FieldFacts<S> = S extends { readonly fields: (facts: infer F) => unknown } ? F : unknown;
/** What a raiser of `C` names: the facts its sentence and its fields are made of (nothing for a fixed sentence). */
export type FactsOf<C extends RaisedCode> = DetailFacts<Spec<C>> & FieldFacts<Spec<C>>;
type FactsArgs<C extends RaisedCode> = unknown extends FactsOf<C> ? [] : [facts: FactsOf<C>];

/** A table entry read with its facts' type forgotten: `fail`'s signature has checked them against the code. */
interface Wording {
  readonly status: ProblemStatus;
  readonly detail: string | ((facts: unknown) => string);
  readonly fields?: (facts: unknown) => Readonly<Record<string, unknown>>;
  readonly retryAfterSeconds?: number;
}

/** The refusal `code` with the facts of this case: status, sentence, fields and Retry-After come from the table. */
export function fail<C extends RaisedCode>(code: C, ...[facts]: FactsArgs<C>): ServiceError {
  const spec = SERVICE_PROBLEMS[code] as Wording;
  const detail = typeof spec.detail === 'function' ? spec.detail(facts) : spec.detail;
  return new ServiceError(spec.status, code, detail, spec.fields?.(facts) ?? {}, spec.retryAfterSeconds);
}

/** An engine refused a move: its code and sentence, at 409 for the kit's "not now" codes and 422 otherwise. */
export function engineRefusal(code: string, detail: string, fields: Readonly<Record<string, unknown>>): ServiceError {
  const kit: Readonly<Record<string, { readonly status: ProblemStatus }>> = KIT_MOVE_PROBLEMS;
  return new ServiceError(kit[code]?.status ?? GAME_REFUSAL_STATUS, code, detail, fields);
}
