import { rate, rating } from 'openskill';
import { describe, expect, it } from 'vitest';
import {
  conservative,
  DRIFT_PER_SQRT_DAY,
  isProvisional,
  NEW_RATING,
  ratedOutcome,
  rateGame,
  ratingAt,
  type FinishedTable,
  type PoolRating,
} from '../../../core/ratings/index.js';

const DAY = 86_400_000;
const person = (playerId: string) => ({ kind: 'person' as const, playerId });
const table = (over: Partial<FinishedTable> & Pick<FinishedTable, 'score'>): FinishedTable => ({
  rated: true,
  seats: over.score.scores.map((_, seat) => person(`p${seat}`)),
  replaced: [],
  ...over,
});
const places = (t: FinishedTable) => {
  const outcome = ratedOutcome(t);
  return outcome.rated ? outcome.placings.map((p) => p.place) : outcome.reason;
};

describe('finishing places', () => {
  it('winners first, then by score; equal scores share a place', () => {
    expect(places(table({ score: { scores: [10, 30, 20, 20], winners: [1] } }))).toEqual([4, 1, 2, 2]);
  });

  it('a shared victory (VK-R1) is a tie for first; a loser on a tie-break places below the winners', () => {
    expect(places(table({ score: { scores: [30, 30, 12], winners: [0, 1] } }))).toEqual([1, 1, 3]);
    // Seat 1 scored as much as the winner but lost the tie-break (fewest cards).
    expect(places(table({ score: { scores: [30, 30, 12], winners: [0] } }))).toEqual([1, 2, 3]);
  });

  it('a seat that ended under the replacement bot is last for its absent player, whatever the bot scored', () => {
    const outcome = ratedOutcome(table({ score: { scores: [50, 20, 30, 10], winners: [0] }, replaced: [0, 3] }));
    expect(outcome).toEqual({
      rated: true,
      placings: [
        { playerId: 'p0', seat: 0, place: 3, absent: true },
        { playerId: 'p1', seat: 1, place: 2, absent: false },
        { playerId: 'p2', seat: 2, place: 1, absent: false },
        { playerId: 'p3', seat: 3, place: 3, absent: true },
      ],
    });
  });

  it('is not rated: unrated tables, solo (VK-R7 included), bots, one person twice, everyone absent', () => {
    const score = { scores: [3, 2], winners: [0] };
    expect(places(table({ score, rated: false }))).toBe('table-unrated');
    expect(places(table({ score: { scores: [7], winners: [0] } }))).toBe('solo');
    expect(places(table({ score, seats: [person('a'), { kind: 'bot' }] }))).toBe('bots');
    expect(places(table({ score, seats: [person('a'), person('a')] }))).toBe('same-player-twice');
    expect(places(table({ score, replaced: [0, 1] }))).toBe('nobody-finished');
  });
});

describe('rating updates', () => {
  it('the installed openskill gives the published reference values (openskill.py and openskill.ex READMEs, tau 0)', () => {
    const [[x1, x2], [y1, y2]] = rate(
      [
        [rating(), rating({ mu: 32.444, sigma: 5.123 })],
        [rating({ mu: 43.381, sigma: 2.421 }), rating({ mu: 25.188, sigma: 6.211 })],
      ],
      { tau: 0 },
    ) as [[PoolRating, PoolRating], [PoolRating, PoolRating]];
    expect([x1.mu, x1.sigma, x2.mu, x2.sigma]).toEqual([28.669648436582808, 8.071520788025197, 33.83086971107981, 5.062772998705765]);
    expect([y1.mu, y1.sigma, y2.mu, y2.sigma]).toEqual([43.071274808241974, 2.4166900452721256, 23.149503312339064, 6.1378606973362135]);
  });

  // Finishing orders, ties included, between players of differing ratings: our update must be openskill's Plackett–Luce update, one team per player.
  const veteran: PoolRating = { mu: 31.2, sigma: 4.1, games: 40, wins: 18, lastGameAt: 1_000 };
  const regular: PoolRating = { mu: 22.5, sigma: 5.9, games: 12, wins: 3, lastGameAt: 1_000 };
  const cases: { name: string; ratings: PoolRating[]; places: number[] }[] = [
    { name: 'two players, the newcomer wins', ratings: [NEW_RATING, veteran], places: [1, 2] },
    { name: 'two players, a draw', ratings: [veteran, regular], places: [1, 1] },
    { name: 'three players in order', ratings: [regular, NEW_RATING, veteran], places: [1, 2, 3] },
    { name: 'four players, shared victory', ratings: [veteran, regular, NEW_RATING, NEW_RATING], places: [1, 1, 3, 4] },
    { name: 'five players, a tie for last', ratings: [NEW_RATING, regular, veteran, NEW_RATING, regular], places: [2, 1, 3, 4, 4] },
  ];
  for (const { name, ratings, places: ranks } of cases) {
    it(name, () => {
      const after = rateGame(
        ratings.map((before, i) => ({ before, place: ranks[i]! })),
        1_000,
      );
      const reference = rate(
        ratings.map(({ mu, sigma }) => [{ mu, sigma }]),
        { rank: ranks },
      );
      expect(after.map(({ mu, sigma }) => ({ mu, sigma }))).toEqual(reference.map(([r]) => r));
      expect(after.map((r) => r.games)).toEqual(ratings.map((r) => r.games + 1));
      expect(after.map((r) => r.wins)).toEqual(ratings.map((r, i) => r.wins + (ranks[i] === 1 ? 1 : 0)));
      expect(after.every((r) => r.lastGameAt === 1_000)).toBe(true);
    });
  }

  it('known answers: two newcomers, the winner gains what the loser drops', () => {
    const [winner, loser] = rateGame(
      [
        { before: NEW_RATING, place: 1 },
        { before: NEW_RATING, place: 2 },
      ],
      0,
    );
    expect(winner!.mu).toBeCloseTo(27.6354, 4);
    expect(loser!.mu).toBeCloseTo(22.3646, 4);
    expect(winner!.sigma).toBeCloseTo(8.0659, 4);
  });
});

describe('inactivity and provisional ratings', () => {
  it('sigma² grows by DRIFT² a day, up to the prior', () => {
    const r: PoolRating = { mu: 30, sigma: 6, games: 20, wins: 5, lastGameAt: 0 };
    expect(ratingAt(r, 0)).toBe(r);
    expect(ratingAt(r, 100 * DAY).sigma).toBeCloseTo(Math.sqrt(36 + DRIFT_PER_SQRT_DAY ** 2 * 100), 10);
    expect(ratingAt(r, 365 * DAY).sigma).toBeCloseTo(7.67, 2);
    expect(ratingAt(r, 5000 * DAY).sigma).toBe(NEW_RATING.sigma);
    expect(ratingAt(r, 365 * DAY).mu).toBe(30);
  });

  it('a rated game starts from the grown uncertainty', () => {
    const idle: PoolRating = { mu: 30, sigma: 5, games: 20, wins: 5, lastGameAt: 0 };
    const at = 200 * DAY;
    const [after] = rateGame(
      [
        { before: idle, place: 1 },
        { before: { ...NEW_RATING, lastGameAt: at }, place: 2 },
      ],
      at,
    );
    const reference = rate([[{ mu: 30, sigma: ratingAt(idle, at).sigma }], [{ mu: NEW_RATING.mu, sigma: NEW_RATING.sigma }]], { rank: [1, 2] })[0]![0]!;
    expect(after!.sigma).toBe(reference.sigma);
    expect(after!.mu).toBe(reference.mu);
  });

  it('starts everyone at openskill’s own prior, the one its rate assumes', () => {
    expect({ mu: NEW_RATING.mu, sigma: NEW_RATING.sigma }).toEqual(rating());
  });

  it('provisional until five games and sigma at most 7.5', () => {
    expect(isProvisional({ games: 4, sigma: 5 })).toBe(true);
    expect(isProvisional({ games: 5, sigma: 7.6 })).toBe(true);
    expect(isProvisional({ games: 5, sigma: 7.5 })).toBe(false);
    expect(conservative(NEW_RATING)).toBeCloseTo(0, 10);
  });

  it('five two-player games establish a rating', () => {
    let [a, b] = [NEW_RATING, NEW_RATING];
    for (let game = 0; game < 5; game++)
      [a, b] = rateGame(
        [
          { before: a, place: 1 + (game % 2) },
          { before: b, place: 2 - (game % 2) },
        ],
        game * DAY,
      ) as [PoolRating, PoolRating];
    expect(isProvisional(a)).toBe(false);
    expect(isProvisional(b)).toBe(false);
  });
});
