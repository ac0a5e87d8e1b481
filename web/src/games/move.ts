/** A move exactly as `GET …/moves` lists it (its own module: the engine-side tests import it without the UI's types). */
export type Move = { readonly type: string } & Record<string, unknown>;
