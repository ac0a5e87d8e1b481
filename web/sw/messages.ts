/** What the service worker tells a page of ours: open this path of the app (a notification was clicked while the page was open elsewhere). */
export interface OpenMessage {
  readonly type: 'open';
  readonly path: string;
}

/** The paths a notification may open: a table, or the notifications list; a push can name no other place. */
export const OPENABLE_PATH = /^\/(g\/[A-Za-z0-9_-]{1,64}|notifications)$/;
