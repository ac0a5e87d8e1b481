import type { ComponentChildren } from 'preact';
import { num, t } from '../i18n/i18n.js';

export interface CardFace {
  readonly name: string;
  /** Its type or kind: "Farmer", "Building · worker", "Monster · Hills". */
  readonly kind: string;
  readonly cost?: string;
  readonly points?: number;
  /** What it does, a line each. */
  readonly lines?: readonly string[];
  /** A colour family for the frame, e.g. the card type. */
  readonly tone?: string;
}

/** A card as a card: name, type, cost, power and points, not an id. */
export function Card({ face, note, children }: { face: CardFace; note?: string; children?: ComponentChildren }) {
  return (
    <article
      class={`card tone-${(face.tone ?? face.kind).toLowerCase().replace(/[^a-z]+/g, '-')}`}
      aria-label={t('card.label', { name: face.name, kind: face.kind })}
    >
      <header>
        <strong>{face.name}</strong>
        {face.points !== undefined && (
          <span class="points" title={t('card.vp-title')}>
            {t('card.vp', { points: face.points })}
          </span>
        )}
      </header>
      <p class="kind">{face.kind}</p>
      {face.cost && <p class="cost">{t('card.cost', { cost: face.cost })}</p>}
      {face.lines?.map((line) => (
        <p class="power">{line}</p>
      ))}
      {note && <p class="note">{note}</p>}
      {children}
    </article>
  );
}

/** A face-down pile or deck: how many cards, and its top if visible. */
export function Pile({ label, size, children }: { label: string; size: number; children?: ComponentChildren }) {
  return (
    <div class="pile">
      <p class="pile-label">
        {label} <span class="muted">({num(size)})</span>
      </p>
      {children ?? <div class="card back" role="img" aria-label={t('card.face-down', { label, size })} />}
    </div>
  );
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
