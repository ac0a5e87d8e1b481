import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where a data folder keeps the seed of its VAPID keys (beside the data: subscriptions made with its public key live there too). */
const SEED_FILE = 'vapid-seed';

/**
 * The seed of `npm start`'s VAPID keys (push/webpush/vapid.ts), made
 * (readable by its owner only) on first use and kept: browsers subscribed
 * under one start keep receiving after the next.
 */
export async function keptVapidSeed(dataDir: string): Promise<string> {
  const file = join(dataDir, SEED_FILE);
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(dataDir, { recursive: true });
  const seed = randomBytes(32).toString('base64url');
  // `wx`: two first starts at once keep the first seed written, not two.
  try {
    await writeFile(file, `${seed}\n`, { mode: 0o600, flag: 'wx' });
    return seed;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  }
}
