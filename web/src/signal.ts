import { useEffect, useState } from 'preact/hooks';

/** A value pages share (the session, the route), re-rendering whoever reads it when it changes. */
export interface Signal<T> {
  get(): T;
  set(value: T): void;
  use(): T;
}

export function signal<T>(initial: T): Signal<T> {
  let value = initial;
  const listeners = new Set<(value: T) => void>();
  return {
    get: () => value,
    set(next) {
      value = next;
      for (const listener of listeners) listener(next);
    },
    use() {
      const [current, setCurrent] = useState(value);
      useEffect(() => {
        listeners.add(setCurrent);
        setCurrent(value);
        return () => void listeners.delete(setCurrent);
      }, []);
      return current;
    },
  };
}
