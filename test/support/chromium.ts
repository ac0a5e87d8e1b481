import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

/**
 * The browser tests drive Debian's Chromium through playwright-core:
 * Playwright's own browser downloads cannot work here. A fresh Debian machine
 * does not have it yet, so the test run brings it when it may (as root, with
 * apt-get), and otherwise stops at once with the one command to run, rather
 * than failing every browser suite one by one.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const INSTALL = 'apt-get install -y chromium';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function run(command: string, args: string[]): boolean {
  return spawnSync(command, args, { stdio: 'inherit' }).status === 0;
}

export function ensureChromium(): void {
  if (executable(CHROMIUM)) return;
  const mayInstall = process.env.CHROMIUM_PATH === undefined && process.getuid?.() === 0 && executable('/usr/bin/apt-get');
  if (!mayInstall)
    throw new Error(`The browser tests need Chromium at ${CHROMIUM}. Install it with \`sudo ${INSTALL}\` (or set CHROMIUM_PATH), then run the tests again.`);
  console.log(`Chromium is missing: installing Debian's package (${INSTALL}) for the browser tests…`);
  if (!run('apt-get', ['update']) || !run('apt-get', ['install', '-y', 'chromium']) || !executable(CHROMIUM))
    throw new Error(`Installing Chromium failed. Run \`${INSTALL}\` by hand, then run the tests again.`);
}
