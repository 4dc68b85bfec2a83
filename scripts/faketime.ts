/**
 * libfaketime's `faketime`, which the calendar test runs the date-dependent test files under (the clock of Node and of
 * the PostgreSQL it starts moved to the first and last day of a month and of a year). Found on the PATH's usual
 * places, else installed from Debian where the machine can (root with apt-get, as for Chromium), else the run stops
 * at once with the command that installs it.
 */
import { thisMachine, type Machine } from './chromium';

export const FAKETIME = '/usr/bin/faketime';
export const FAKETIME_INSTALL = 'sudo apt-get update && sudo apt-get install -y faketime';
const APT_GET = '/usr/bin/apt-get';

export function ensureFaketime(machine: Machine = thisMachine): { path: string } | { error: string } {
  if (machine.exists(FAKETIME)) return { path: FAKETIME };
  if (machine.uid === 0 && machine.exists(APT_GET)) {
    console.log("Installing Debian's faketime for the calendar test...");
    if (machine.run(APT_GET, ['update', '-qq']) && machine.run(APT_GET, ['install', '-y', '-qq', 'faketime']))
      if (machine.exists(FAKETIME)) return { path: FAKETIME };
  }
  return {
    error: `The calendar test needs libfaketime's faketime (${FAKETIME}), and this machine has none. Install it with:\n  ${FAKETIME_INSTALL}`,
  };
}
