/**
 * The Chromium `npm test` drives, made sure of before any test starts, as `npm start` makes sure of its build.
 * Found at `CHROMIUM_PATH`, else Debian's headless shell, else Debian's full `chromium`. Where none is found and the
 * machine can install it (root with apt-get, as `.ci/run` does), Debian's `chromium` and `chromium-headless-shell` are
 * installed; otherwise the run stops at once with the one command that installs them. A `CHROMIUM_PATH` that names
 * nothing stops the run too: it was chosen on purpose, so nothing is installed in its place.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';
export const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell';
const APT_GET = '/usr/bin/apt-get';

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The Chromium the browser tests drive on this machine, or undefined when there is none. */
export function chromiumExecutable(env: NodeJS.ProcessEnv = process.env, exists = executable): string | undefined {
  if (env.CHROMIUM_PATH) return exists(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : undefined;
  return [HEADLESS_SHELL, FULL_CHROMIUM].find(exists);
}

export interface Machine {
  env: NodeJS.ProcessEnv;
  /** The user id the run has (root is 0); undefined where the platform has none. */
  uid: number | undefined;
  exists(file: string): boolean;
  /** Runs a command with its output shown; true when it succeeded. */
  run(command: string, args: string[]): boolean;
}

export const thisMachine: Machine = {
  env: process.env,
  uid: process.getuid?.(),
  exists: executable,
  run: (command, args) =>
    spawnSync(command, args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0,
};

/** The Chromium to drive, installed first where the machine can; otherwise why not and the command that fixes it. */
export function ensureChromium(machine: Machine = thisMachine): { path: string } | { error: string } {
  const found = chromiumExecutable(machine.env, machine.exists);
  if (found) return { path: found };
  if (machine.env.CHROMIUM_PATH)
    return {
      error: `CHROMIUM_PATH is ${machine.env.CHROMIUM_PATH}, which is not an executable file. Point it at a Chromium, or unset it and run:\n  ${INSTALL_COMMAND}`,
    };
  if (machine.uid === 0 && machine.exists(APT_GET)) {
    console.log("Installing Debian's chromium and chromium-headless-shell for the browser tests...");
    const updated = machine.run(APT_GET, ['update', '-qq']);
    // The headless shell only speeds the run up; the full chromium alone is enough.
    const installed =
      updated &&
      (machine.run(APT_GET, ['install', '-y', '-qq', 'chromium', 'chromium-headless-shell']) ||
        machine.run(APT_GET, ['install', '-y', '-qq', 'chromium']));
    const after = installed ? chromiumExecutable(machine.env, machine.exists) : undefined;
    if (after) return { path: after };
  }
  return {
    error: `The browser tests need Debian's Chromium, and this machine has none (${HEADLESS_SHELL}, ${FULL_CHROMIUM}, or CHROMIUM_PATH). Install it with:\n  ${INSTALL_COMMAND}`,
  };
}
