import { useEffect, useState } from 'preact/hooks';
import { explain } from './errors.js';

/** A page of a list the API hands out by cursor. */
export interface Page<T> {
  readonly items: readonly T[];
  readonly next: string | null;
}

/**
 * A list read a page at a time: its first page whenever `deps` change, the
 * next one appended by `more()`. `read` answers null while it cannot read yet
 * (no session).
 */
export function usePaged<T>(read: (cursor: string | null) => Promise<Page<T>> | null, deps: readonly unknown[]) {
  const [items, setItems] = useState<T[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = async (cursor: string | null) => {
    const reading = read(cursor);
    if (!reading) return;
    setBusy(true);
    setError(null);
    try {
      const page = await reading;
      setItems((before) => [...(cursor ? (before ?? []) : []), ...page.items]);
      setNext(page.next);
    } catch (failure) {
      setError(explain(failure));
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    setItems(null);
    void load(null);
  }, deps);
  return { items, next, error, busy, setError, setBusy, more: () => void load(next) };
}
