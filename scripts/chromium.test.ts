import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureChromium, FULL_CHROMIUM, HEADLESS_SHELL, INSTALL_COMMAND, type Machine } from './chromium';

/** A machine with these executables, which records the commands run on it; apt-get "installs" what it is asked for. */
function machine(options: { uid: number; files: string[]; env?: NodeJS.ProcessEnv; aptWorks?: boolean }) {
  const files = new Set(options.files);
  const ran: string[] = [];
  const m: Machine = {
    env: options.env ?? {},
    uid: options.uid,
    exists: (file) => files.has(file),
    run: (command, args) => {
      ran.push([command, ...args].join(' '));
      if (options.aptWorks === false) return false;
      if (args.includes('chromium')) files.add(FULL_CHROMIUM);
      if (args.includes('chromium-headless-shell')) files.add(HEADLESS_SHELL);
      return true;
    },
  };
  return { m, ran };
}

describe("npm test's own set-up of Chromium", () => {
  it("Drives Debian's headless shell when the machine has it, else the full chromium, and installs nothing", () => {
    const both = machine({ uid: 0, files: [HEADLESS_SHELL, FULL_CHROMIUM, '/usr/bin/apt-get'] });
    expect(ensureChromium(both.m)).toEqual({ path: HEADLESS_SHELL });
    const full = machine({ uid: 1000, files: [FULL_CHROMIUM] });
    expect(ensureChromium(full.m)).toEqual({ path: FULL_CHROMIUM });
    expect([...both.ran, ...full.ran]).toEqual([]);
  });

  it('Without Chromium and not root, it stops with the one command to run and installs nothing', () => {
    const { m, ran } = machine({ uid: 1000, files: ['/usr/bin/apt-get'] });
    const outcome = ensureChromium(m);
    expect(outcome).toEqual({ error: expect.stringContaining(INSTALL_COMMAND) });
    expect(ran).toEqual([]);
  });

  it("As root with apt-get, it installs Debian's chromium and its headless shell, then drives the shell", () => {
    const { m, ran } = machine({ uid: 0, files: ['/usr/bin/apt-get'] });
    expect(ensureChromium(m)).toEqual({ path: HEADLESS_SHELL });
    expect(ran).toEqual([
      '/usr/bin/apt-get update -qq',
      '/usr/bin/apt-get install -y -qq chromium chromium-headless-shell',
    ]);
  });

  it('As root where apt-get fails, it stops with the command instead of starting the tests', () => {
    const { m } = machine({ uid: 0, files: ['/usr/bin/apt-get'], aptWorks: false });
    expect(ensureChromium(m)).toEqual({ error: expect.stringContaining(INSTALL_COMMAND) });
  });

  it('A CHROMIUM_PATH that names nothing stops npm test at once, before any check, build or test starts', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/test.ts'], {
      cwd: root,
      // PATH names nothing either: were the check to let the run through, its lanes could not start npm or npx.
      env: { ...process.env, CHROMIUM_PATH: '/nowhere/chromium', PATH: '/nowhere' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('CHROMIUM_PATH is /nowhere/chromium, which is not an executable file');
    expect(run.stderr).toContain(INSTALL_COMMAND);
    // No lane ran: each prints its name and outcome when it ends.
    expect(run.stdout).not.toMatch(/typecheck|build|vitest/);
  });
});
