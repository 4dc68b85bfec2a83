/**
 * The Chromium the browser tests drive. Debian's headless shell (`apt-get install chromium-headless-shell`) when the
 * machine has it: the same Blink and V8 as the `chromium` package, without the browser's window layers, and about half
 * the CPU for the same pages. Otherwise the full `chromium`. `CHROMIUM_PATH` chooses another.
 */
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

export const CHROMIUM_EXECUTABLE =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
