import { describe, expect, it } from 'vitest';
import { GAMES } from '../../core/games/index.js';

describe('the game registry', () => {
  it('lists each game as its engine describes itself, and loads each engine once', async () => {
    expect(GAMES.map((listing) => listing.meta.id)).toEqual(['villages-of-valeria', 'valeria-card-kingdoms', 'village-pillage']);
    for (const listing of GAMES) {
      const engine = await listing.engine();
      expect(engine.meta).toBe(listing.meta);
      expect(engine.optionsSchema).toBe(listing.optionsSchema);
      expect(engine.standingOrders !== undefined).toBe(listing.hasStandingOrders);
      expect(engine.engineVersion).toBe(listing.engineVersion);
      expect(await listing.engine()).toBe(engine);
    }
  });
});
