import { DEFAULT_LANGUAGE, type Language } from './languages.js';
import { problemDetail } from './problem-details/index.js';
import { GAME_REFUSAL_STATUS, KIT_MOVE_PROBLEMS, SERVICE_PROBLEMS, type MessageValues, type ProblemStatus, type ServiceProblemCode } from './problems.js';

/** A problem's sentence in a language, and the languages it is written in (the answer's `Content-Language`). */
export interface Spoken {
  readonly text: string;
  readonly languages: readonly Language[];
}

/** How a refusal speaks: its sentence in the language asked for. */
export type Speaker = (language: Language) => Spoken;

/**
 * A refusal the HTTP layer turns into an RFC 9457 problem document. `code` is
 * stable: clients switch on it; `detail` is for people, in English, and
 * `detailIn` says it in the caller's language. `retryAfterSeconds` becomes
 * the `Retry-After` header. Made by `fail` (the service's codes, problems.ts)
 * and `engineRefusal` (the engines' codes), never by hand.
 */
export class ServiceError extends Error {
  readonly detail: string;

  constructor(
    readonly status: ProblemStatus,
    readonly code: string,
    readonly detailIn: Speaker,
    readonly extra: Readonly<Record<string, unknown>> = {},
    readonly retryAfterSeconds?: number,
  ) {
    const detail = detailIn(DEFAULT_LANGUAGE).text;
    super(detail);
    this.detail = detail;
    this.name = 'ServiceError';
  }
}

type Spec<C extends ServiceProblemCode> = (typeof SERVICE_PROBLEMS)[C];

/** The codes something raises: those whose answer the table words. */
export type RaisedCode = { [C in ServiceProblemCode]: Spec<C> extends { readonly detail: unknown } ? C : never }[ServiceProblemCode];

type ValueFacts<S> = S extends { readonly values: (facts: infer F, ...rest: never[]) => unknown } ? F : unknown;
type FieldFacts<S> = S extends { readonly fields: (facts: infer F) => unknown } ? F : unknown;
/** What a raiser of `C` names: the facts its sentence and its fields are made of (nothing for a fixed sentence). */
export type FactsOf<C extends RaisedCode> = ValueFacts<Spec<C>> & FieldFacts<Spec<C>>;
type FactsArgs<C extends RaisedCode> = unknown extends FactsOf<C> ? [] : [facts: FactsOf<C>];

/** A table entry read with its facts' type forgotten: `fail`'s signature has checked them against the code. */
interface Wording {
  readonly status: ProblemStatus;
  readonly values?: (facts: unknown, language: Language) => MessageValues;
  readonly fields?: (facts: unknown) => Readonly<Record<string, unknown>>;
  readonly retryAfterSeconds?: number;
  readonly quotesEnglish?: boolean;
}

/** The languages a sentence in `language` is written in: English too when it quotes English written elsewhere. */
export const writtenIn = (language: Language, quotesEnglish: boolean): readonly Language[] =>
  quotesEnglish && language !== DEFAULT_LANGUAGE ? [language, DEFAULT_LANGUAGE] : [language];

/** The refusal `code` with the facts of this case: status, sentence (in each language), fields and Retry-After come from the table. */
export function fail<C extends RaisedCode>(code: C, ...[facts]: FactsArgs<C>): ServiceError {
  const spec = SERVICE_PROBLEMS[code] as Wording;
  const detailIn: Speaker = (language) => ({
    text: problemDetail(code, language, spec.values?.(facts, language) ?? {}),
    languages: writtenIn(language, spec.quotesEnglish === true),
  });
  return new ServiceError(spec.status, code, detailIn, spec.fields?.(facts) ?? {}, spec.retryAfterSeconds);
}

/** An engine refused a move: its code and sentence, at 409 for the kit's "not now" codes and 422 otherwise. */
export function engineRefusal(code: string, detailIn: Speaker, fields: Readonly<Record<string, unknown>>): ServiceError {
  const kit: Readonly<Record<string, { readonly status: ProblemStatus }>> = KIT_MOVE_PROBLEMS;
  return new ServiceError(kit[code]?.status ?? GAME_REFUSAL_STATUS, code, detailIn, fields);
}
