/**
 * The Chromium the browser tests drive. Debian's headless shell (`apt-get install chromium-headless-shell`) when the
 * machine has it: the same Blink and V8 as the `chromium` package, without the browser's window layers, and about half
 * the CPU for the same pages. Otherwise the full `chromium`. `CHROMIUM_PATH` chooses another.
 */
import { chromiumExecutable, FULL_CHROMIUM } from '../../scripts/chromium';

// `npm test` made sure there is one before starting (scripts/chromium.ts); a file run alone reports a missing one at launch.
export const CHROMIUM_EXECUTABLE = chromiumExecutable() ?? process.env.CHROMIUM_PATH ?? FULL_CHROMIUM;

/**
 * `--js-flags=--no-opt,--no-maglev`: V8 stops at its baseline tiers. A test page lives a few seconds, too short for
 * the optimizing compilers to pay back the CPU they spend on background threads: a browser file alone took 25% less
 * of Chromium's CPU and 18% less time with them off (portal-menus-titles, 80 s to 60 s of CPU).
 *
 * `--in-process-gpu`: the compositor's GPU side (software here, as `--disable-gpu` asks) runs as a thread of the
 * browser process rather than a process of its own, without the messages between them. On four browser files, two
 * runs each way: the browser and GPU processes took 27.2–27.5 s of CPU together instead of 30.1–31.7 s.
 */
export const CHROMIUM_ARGS = [
  '--js-flags=--no-opt,--no-maglev',
  '--disable-gpu',
  '--in-process-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
