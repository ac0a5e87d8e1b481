/** "Thu 26 Nov, 14:00": a moment in the player's own time zone. */
export const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
