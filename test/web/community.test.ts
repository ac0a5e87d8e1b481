import { ProblemError, ValeriaClient, type GameView } from '@valeria-tabletop/client';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../support/api.js';
import { expectAccessible, pageErrors, picker, registeredPlayer, screenshotTable, webWorldFor, type WebWorld } from './browser.js';

// The server's clock, moved past deadlines by the test (the browser keeps real time).
const clock = manualClock(Date.now());
const world = webWorldFor('web-community', clock.now);
const DAY = 86_400_000;
const pick = picker(24);

const tokenOf = async (page: Page) => (await page.evaluate<string | null>("localStorage.getItem('valeria.token')")) as string;
const clientOf = async (w: WebWorld, page: Page) => new ValeriaClient({ baseUrl: w.url }).withToken(await tokenOf(page));

/**
 * Plays a game to its end through the API, as separate clients would:
 * whoever has legal moves sends one of them, chosen at random; a seat the
 * bot plays moves by itself as the game is read.
 */
async function playOut(gameId: string, players: readonly ValeriaClient[]): Promise<GameView> {
  for (let step = 0; step < 3000; step++) {
    const { view } = await (players[0] as ValeriaClient).view(gameId);
    if (view.status === 'finished') return view;
    for (const player of players) {
      const listed = await player.legalMoves(gameId);
      if (listed.moves.length === 0) continue;
      await player.playListed(listed, listed.moves[pick(listed.moves.length)] as (typeof listed.moves)[number]).catch((failure: unknown) => {
        // Another seat moved in the same window meanwhile: read again.
        if (!(failure instanceof ProblemError && failure.code === 'version-mismatch')) throw failure;
      });
    }
  }
  throw new Error(`${gameId} did not end`);
}

/** A rated two-player Village Pillage game of `creator` and `other`, started. */
async function ratedGame(creator: ValeriaClient, other: ValeriaClient, table: { replaceAfterTimeouts: number }): Promise<string> {
  const { gameId, rated } = await creator.createGame({
    game: 'village-pillage',
    seats: 2,
    options: {},
    deadlines: { windowSeconds: 60, turnSeconds: 60 },
    table,
    join: true,
  });
  expect(rated).toBe(true);
  await other.join(gameId);
  return gameId;
}

/** The profile's row of a game: its rating as shown. */
const ratingShown = (page: Page, game: string) => page.getByTestId(`rating-${game}`).textContent();

describe('the web client in Chromium: the games presented, open games, leaderboards and profiles', () => {
  it('shows a newcomer the three games with their own cards, and how to play each, before signing in', async () => {
    const page = await (await world().browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${world().url}/`);
    await page.getByRole('heading', { name: 'Three Valeria card games, played at your own pace' }).waitFor();
    for (const [title, card] of [
      ['Villages of Valeria', 'Guard Tower, Building · soldier'],
      ['Valeria: Card Kingdoms', 'Treant, Beast · Forest'],
      ['Village Pillage', 'Raider, Raider'],
    ] as const) {
      const game = page.getByRole('article', { name: title });
      await game.getByText(/^\d( to \d)? players/).waitFor();
      await game
        .getByRole('group', { name: `Some cards of ${title}` })
        .getByRole('article', { name: card })
        .waitFor();
      expect(
        await game
          .getByRole('group', { name: `Some cards of ${title}` })
          .getByRole('article')
          .count(),
      ).toBeGreaterThanOrEqual(4);
      for (const link of [`How to play ${title}`, 'Open games', 'Leaderboard', 'Play now']) await game.getByRole('link', { name: link }).waitFor();
    }
    // The sign-in panel is there too: a newcomer registers from the home page.
    await page.getByLabel('Your name').waitFor();
    await expectAccessible(page, 'the home page');
    await screenshotTable(page, 'home');

    await page.getByRole('article', { name: 'Village Pillage' }).getByRole('link', { name: 'How to play Village Pillage' }).click();
    await page.getByRole('heading', { name: 'How to play Village Pillage' }).waitFor();
    await page.getByText(/The first player to own three relics/).waitFor();
    await page.getByText('shared/rules/village-pillage.md').waitFor();
    await expectAccessible(page, 'how to play Village Pillage');
    for (const [title, says] of [
      ['Valeria: Card Kingdoms', /Every citizen, in every kingdom, whose number matches either die or their sum pays out/],
      ['Villages of Valeria', /The game ends after the turn in which a village holds 12 buildings and adventurers/],
    ] as const) {
      await page.getByRole('navigation', { name: 'How to play each game' }).getByRole('link', { name: title }).click();
      await page.getByRole('heading', { name: `How to play ${title}` }).waitFor();
      await page.getByText(says).waitFor();
      await expectAccessible(page, `how to play ${title}`);
    }
    await screenshotTable(page, 'how-to-play');

    // The leaderboards need no key either.
    await page.getByRole('link', { name: 'Leaderboards', exact: true }).click();
    await page.getByRole('heading', { name: 'Leaderboard: Villages of Valeria' }).waitFor();
    await page.getByText('Nobody has an established rating in Villages of Valeria yet.').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('rated games played to the end change both profiles’ ratings and reliability; finished games are listed with how each moved the rating', async () => {
    const w = world();
    const annPage = await registeredPlayer(w, 'Ann');
    const benPage = await registeredPlayer(w, 'Ben');
    const [ann, ben] = [await clientOf(w, annPage), await clientOf(w, benPage)];
    const [annId, benId] = [(await ann.me()).playerId, (await ben.me()).playerId];

    // Before any game: no rating, no reliability.
    await annPage.goto(`${w.url}/players/${benId}`);
    await annPage.getByRole('heading', { name: 'Ben' }).waitFor();
    expect(await ratingShown(annPage, 'village-pillage')).toBe('not rated yet');
    expect(await annPage.getByTestId('reliability').textContent()).toBe('no finished game yet');

    // One game both play to the end in time; in a second Ben misses a move, the bot takes his seat and finishes it.
    const first = await playOut(await ratedGame(ann, ben, { replaceAfterTimeouts: 0 }), [ann, ben]);
    const second = await ratedGame(ann, ben, { replaceAfterTimeouts: 1 });
    const listed = await ann.legalMoves(second);
    await ann.playListed(listed, listed.moves[0] as (typeof listed.moves)[number]);
    clock.advance(61_000);
    expect((await ann.view(second)).view.absence?.seatsUnderBot).toEqual([1]);
    await playOut(second, [ann]);
    expect(first.rated).toBe(true);

    const profileOf = async (id: string) => (await ann.api.GET('/v1/players/{id}', { params: { path: { id } } })).data;
    const [annProfile, benProfile] = [await profileOf(annId), await profileOf(benId)];
    expect([annProfile?.reliability, benProfile?.reliability]).toEqual([100, 50]);
    for (const profile of [annProfile, benProfile]) {
      const rating = profile?.games.find((g) => g.game === 'village-pillage')?.rating;
      expect(rating).toMatchObject({ games: 2, provisional: true });
      expect(rating?.mu).not.toBe(25);
    }

    // Each profile, as the other sees it, shows the rating and reliability the API gives.
    for (const [page, id, profile, reliability] of [
      [annPage, benId, benProfile, '50%'],
      [benPage, annId, annProfile, '100%'],
    ] as const) {
      await page.goto(`${w.url}/players/${id}`);
      await page.getByRole('heading', { name: profile?.name }).waitFor();
      await expect.poll(() => page.getByTestId('reliability').textContent()).toBe(reliability);
      const shown = profile?.games.find((g) => g.game === 'village-pillage')?.rating?.display as string;
      expect(shown).toMatch(/^-?\d+\.\d\?$/);
      expect(await ratingShown(page, 'village-pillage')).toBe(shown);
      const games = page.getByRole('region', { name: 'Finished games' }).getByRole('listitem');
      await expect.poll(() => games.count()).toBe(2);
      await games
        .first()
        .getByText(/rating -?\d+\.\d → -?\d+\.\d \([+−]\d+\.\d\)/)
        .waitFor();
      await expectAccessible(page, 'a profile with rated games');
    }
    // Ben's seat of the second game ended under the bot: rated last for him, whatever the bot did, and his profile says so beside that game only.
    const benGames = (await ann.api.GET('/v1/players/{id}/games', { params: { path: { id: benId } } })).data?.games ?? [];
    expect(benGames.map((g) => [g.gameId, g.rating?.absent])).toEqual([
      [second, true],
      [first.gameId, false],
    ]);
    const replaced = benGames[0]?.rating;
    expect(replaced && replaced.after < replaced.before).toBe(true);
    const benRows = annPage.getByRole('region', { name: 'Finished games' }).getByRole('listitem');
    await benRows.first().getByText('The replacement bot finished this seat: rated as a last place for the absent player, whatever the bot scored.').waitFor();
    expect(await benRows.nth(1).getByTestId('absent-note').count()).toBe(0);
    await screenshotTable(annPage, 'profile');

    // Every name at a table leads to its profile.
    await benPage.goto(`${w.url}/g/${second}`);
    await benPage.getByRole('list', { name: 'Players' }).getByRole('link', { name: 'Ann' }).click();
    await benPage.waitForURL(`${w.url}/players/${annId}`);
    await benPage.getByRole('heading', { name: 'Ann' }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('blocks and unblocks a player from their profile: a blocked pair cannot join each other’s games', async () => {
    const w = world();
    const cleoPage = await registeredPlayer(w, 'Cleo');
    const dan = new ValeriaClient({ baseUrl: w.url });
    const danToken = (await dan.register('Dan')).token;
    const danClient = dan.withToken(danToken);
    const cleo = await clientOf(w, cleoPage);
    const danId = (await danClient.me()).playerId;

    await cleoPage.goto(`${w.url}/players/${danId}`);
    await cleoPage.getByRole('button', { name: 'Block Dan' }).click();
    await cleoPage.getByText('You block Dan: you are never seated at the same table').waitFor();
    expect((await cleo.api.GET('/v1/players/me/blocks')).data?.blocks.map((b) => b.playerId)).toEqual([danId]);
    const { gameId } = await cleo.createGame({ game: 'village-pillage', seats: 2, options: {}, deadlines: 'daily', join: true });
    await expect(danClient.join(gameId)).rejects.toMatchObject({ code: 'blocked-at-table' });
    await cleoPage.reload();
    await cleoPage.getByRole('button', { name: 'Unblock Dan' }).waitFor();
    await expectAccessible(cleoPage, 'a profile of someone blocked');

    await cleoPage.getByRole('button', { name: 'Unblock Dan' }).click();
    await cleoPage.getByRole('button', { name: 'Block Dan' }).waitFor();
    expect((await cleo.api.GET('/v1/players/me/blocks')).data?.blocks).toEqual([]);
    expect((await danClient.join(gameId)).seats.map((s) => s.kind)).toEqual(['player', 'player']);
    expect(pageErrors).toEqual([]);
  });

  it('lists a game made open in the lobby, and joining it from Open games seats the player at its table', async () => {
    const w = world();
    const eve = await registeredPlayer(w, 'Eve');
    await eve.getByRole('link', { name: 'New game', exact: true }).click();
    await eve.getByRole('radio', { name: /Card Kingdoms/ }).check();
    await eve.getByLabel('Number of players').selectOption('2');
    await eve.getByLabel('List it in Open games, for anyone to join').check();
    await eve.getByRole('button', { name: /Create the game/ }).click();
    await eve.waitForURL(/\/g\/[^/]+$/);
    const gameId = new URL(eve.url()).pathname.split('/').at(-1) as string;

    const finn = await registeredPlayer(w, 'Finn');
    await finn.getByRole('link', { name: 'Open games', exact: true }).click();
    await finn.getByRole('navigation', { name: 'Open games of each game' }).getByRole('link', { name: 'Valeria: Card Kingdoms' }).click();
    const row = finn.getByRole('list', { name: 'Open games' }).getByRole('listitem').filter({ hasText: 'Eve' });
    await row.getByText('2 players, 1 seat free').waitFor({ timeout: 30_000 });
    await row.getByText('3 days a turn · rated').waitFor();
    await expectAccessible(finn, 'the open games');
    await screenshotTable(finn, 'open-games');
    await row.getByRole('button', { name: /^Join the game of Eve/ }).click();
    await finn.waitForURL(`${w.url}/g/${gameId}`);
    await finn.getByRole('list', { name: 'Players' }).getByRole('link', { name: 'Eve' }).waitFor({ timeout: 30_000 });
    expect(pageErrors).toEqual([]);
  });

  it('lists established ratings on the leaderboard, highest first, and leaves provisional ones off', async () => {
    const w = world();
    const anonymous = new ValeriaClient({ baseUrl: w.url });
    const registered = async (name: string) => anonymous.withToken((await anonymous.register(name)).token);
    const [gus, hal, ivy] = [await registered('Gus'), await registered('Hal'), await registered('Ivy')];
    // Five rated games of Gus and Hal (established); one of Ivy (provisional). Unanswered moves are played by their defaults.
    for (const [a, b] of [...Array.from({ length: 5 }, () => [gus, hal] as const), [ivy, gus] as const]) {
      const gameId = await ratedGame(a, b, { replaceAfterTimeouts: 0 });
      clock.advance(DAY);
      expect((await a.view(gameId)).view.status).toBe('finished');
    }
    const board = (await anonymous.api.GET('/v1/leaderboards/{game}', { params: { path: { game: 'village-pillage' } } })).data;
    expect(board?.entries.map((e) => e.name).sort()).toEqual(['Gus', 'Hal']);

    const page = await (await w.browser.newContext()).newPage();
    await page.goto(`${w.url}/leaderboards/village-pillage`);
    const rows = page.getByRole('table').getByRole('row');
    await expect.poll(() => rows.count()).toBe(3);
    for (const [i, entry] of (board?.entries ?? []).entries()) {
      expect(await rows.nth(i + 1).textContent()).toBe(`${entry.rank}${entry.name}${entry.display}${entry.games}${entry.wins}`);
    }
    expect(await page.getByRole('table').getByText('Ivy').count()).toBe(0);
    await expectAccessible(page, 'a leaderboard');
    await screenshotTable(page, 'leaderboard');
    await rows.nth(1).getByRole('link').click();
    await page.waitForURL(/\/players\//);
    // A visitor who is not signed in is asked to first.
    await page.getByLabel('Your name').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
