/**
 * What a token may do. A player's registration token holds every scope; a
 * personal access token holds those it was made with. Each operation of the
 * API declares the scopes it needs in its contract (functions/app/auth.ts),
 * and the auth middleware refuses a token that lacks one with
 * `403 insufficient-scope`.
 */
export const SCOPES = {
  'games:read':
    'Read your games, their views, legal moves, logs and verification, and your standing orders; open the live stream; list open games and read profiles.',
  'games:play': 'Take seats, play moves, undo, reclaim a seat and set standing orders.',
  'games:create': 'Create games and seat bots in them.',
  'notifications:read': 'Read your notifications, receive them on the live stream, and add or remove the browsers they are pushed to.',
  'webhooks:write': 'List, add, test and remove your webhooks.',
  'account:read': 'Read your account: vacation, reminder preferences, e-mail address and digest, access tokens and block list, and export your data.',
  'account:write': 'Change your account: vacations, reminder preferences, e-mail address and digest, access tokens, block list and bot accounts.',
} as const;

export type Scope = keyof typeof SCOPES;

export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

/** The scopes of `required` that `held` lacks, in the order required. */
export function missingScopes(held: readonly Scope[], required: readonly Scope[]): Scope[] {
  return required.filter((scope) => !held.includes(scope));
}

export function isScope(name: string): name is Scope {
  return Object.hasOwn(SCOPES, name);
}
