import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

/** Where each key moves from `at` among `count` buttons, in a left-to-right group (right to left swaps the side arrows). */
const MOVES: Readonly<Record<string, (at: number, count: number) => number>> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowDown: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  ArrowUp: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};
const MIRRORED: Readonly<Record<string, string>> = { ArrowRight: 'ArrowLeft', ArrowLeft: 'ArrowRight' };

const buttonsOf = (group: HTMLElement) => [...group.querySelectorAll<HTMLButtonElement>(':scope > button:not([disabled])')];

/** Set when a group that held the focus left the page (a step of a move replaced it): the next group shown takes the focus. */
let focusLeftWithAGroup = false;

/**
 * A row of choices as one toolbar (WAI-ARIA's toolbar pattern, a roving
 * tabindex): one Tab stop, on the button last focused (the first at the
 * start); the arrow keys, Home and End move between its buttons. A keyboard
 * player passes a market of twenty cards with one Tab instead of twenty.
 * When the button that had the focus goes (a step chosen, a "Back"), the
 * focus stays in the choices instead of falling to the page's body.
 */
export function ChoiceRow({ label, children }: { label: string; children: ComponentChildren }) {
  const ref = useRef<HTMLDivElement>(null);
  const hadFocus = useRef(false);
  useLayoutEffect(() => {
    const group = ref.current;
    if (!group) return;
    const buttons = buttonsOf(group);
    const lost = document.activeElement === null || document.activeElement === document.body;
    const current = buttons.find((button) => button === document.activeElement) ?? buttons.find((button) => button.tabIndex === 0) ?? buttons[0];
    for (const button of group.querySelectorAll<HTMLButtonElement>(':scope > button')) button.tabIndex = button === current ? 0 : -1;
    if (lost && (hadFocus.current || focusLeftWithAGroup)) {
      focusLeftWithAGroup = false;
      current?.focus();
    }
  });
  // Leaving the page with the focus in its choices (this row, or beside it in its fieldset: a payment's sources and
  // its "Back"): the group shown next takes it.
  useLayoutEffect(
    () => () => {
      if ((ref.current?.closest('fieldset') ?? ref.current)?.contains(document.activeElement)) focusLeftWithAGroup = true;
    },
    [],
  );
  const onKeyDown = (event: KeyboardEvent) => {
    const group = ref.current;
    if (!group || event.altKey || event.ctrlKey || event.metaKey) return;
    const key = getComputedStyle(group).direction === 'rtl' ? (MIRRORED[event.key] ?? event.key) : event.key;
    const move = MOVES[key];
    const buttons = buttonsOf(group);
    const at = buttons.findIndex((button) => button === document.activeElement);
    if (!move || at < 0) return;
    event.preventDefault();
    const next = buttons[move(at, buttons.length)];
    for (const button of buttons) button.tabIndex = button === next ? 0 : -1;
    next?.focus();
  };
  return (
    <div
      ref={ref}
      class="choices"
      role="toolbar"
      aria-label={label}
      onKeyDown={onKeyDown}
      onFocusIn={() => (hadFocus.current = true)}
      onFocusOut={(event) => {
        // Focus moved elsewhere on purpose (a Tab, a click): not lost.
        if (event.relatedTarget instanceof Node && !ref.current?.contains(event.relatedTarget)) hadFocus.current = false;
      }}
    >
      {children}
    </div>
  );
}
