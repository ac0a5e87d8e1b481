import { ProblemError, ValeriaClient } from '@valeria-tabletop/client';
import { describe, expect, it } from 'vitest';
import { expectAccessible, pageErrors, registeredPlayer, webWorldFor } from './browser.js';

const world = webWorldFor('web-access-tokens');

describe('the web client in Chromium: keys for programs', () => {
  it('makes a read-only key on Account, shown once, that reads but cannot play, and revokes it', async () => {
    const ann = await registeredPlayer(world(), 'Ann', '/');
    await ann.getByRole('link', { name: 'Account', exact: true }).click();
    await ann.getByRole('heading', { name: 'Keys for programs' }).waitFor();
    // Read-only is what the form starts with.
    expect(await ann.getByRole('checkbox', { name: /Read my games/ }).isChecked()).toBe(true);
    expect(await ann.getByRole('checkbox', { name: /Play my moves/ }).isChecked()).toBe(false);
    await ann.getByLabel('What it is for').fill('stats site');
    await ann.getByRole('button', { name: 'Make a key' }).click();
    const key = await ann.getByTestId('access-token').inputValue();
    expect(key).toMatch(/^vt_/);
    await ann.getByText('stats site — Read my games').waitFor();
    await expectAccessible(ann, 'the Account page with a key for a program');

    const owner = new ValeriaClient({ baseUrl: world().url, token: String(await ann.evaluate("localStorage.getItem('valeria.token')")) });
    const { gameId } = await owner.createGame({ game: 'village-pillage', seats: 2, deadlines: 'daily' });
    await owner.addBot(gameId, 'greedy');
    const reader = new ValeriaClient({ baseUrl: world().url, token: key });
    const listed = await reader.legalMoves(gameId);
    const refused = await reader.playListed(listed, listed.moves[0]!).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProblemError);
    expect(refused).toMatchObject({ code: 'insufficient-scope', problem: { scope: 'games:play' } });

    await ann.getByRole('button', { name: 'Revoke “stats site”' }).click();
    await ann.getByText('stats site — Read my games').waitFor({ state: 'detached' });
    await expect(reader.view(gameId)).rejects.toMatchObject({ code: 'invalid-token' });
    expect(pageErrors).toEqual([]);
  });
});
