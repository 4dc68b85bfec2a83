/**
 * `npm test`: the whole proof, side by side instead of one step after another. Lane one runs the
 * static checks (typecheck, lint and format, the circular-import check), lane two builds the
 * console and the portal, lane three runs vitest at once: the unit and API files first, the
 * browser files after them (sequence.groupOrder), which wait for the build if it is still running.
 * A lane's output is printed when it ends; any failing lane fails the run. First, as `npm start` builds what it
 * needs, it makes sure of the browser the browser files drive (scripts/chromium.ts) and of the faketime the calendar
 * test runs under (scripts/faketime.ts).
 *
 * The static checks keep their caches in `.tmp/test-cache/` (git-ignored): a second run on the same
 * checkout re-reads only the files that changed (tsc's build info, ESLint's and Prettier's caches,
 * each keyed on file contents and configuration), leaving the CPU to the tests. A clean clone checks
 * everything.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './chromium';
import { ensureFaketime } from './faketime';

interface Outcome {
  name: string;
  ok: boolean;
  seconds: number;
}

/** Runs a command; its output is kept and printed as one block when it ends, unless `live`. */
function run(
  name: string,
  command: string,
  args: string[],
  options: { live?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: options.live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...options.env },
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const outcome = { name, ok: code === 0, seconds: (Date.now() - started) / 1000 };
      if (!options.live && (!outcome.ok || output.trim()))
        console.log(
          `\n── ${name}: ${outcome.ok ? 'passed' : 'FAILED'} (${outcome.seconds.toFixed(0)} s)\n${output.trimEnd()}\n`,
        );
      resolve(outcome);
    });
  });
}

async function lane(steps: (() => Promise<Outcome>)[]): Promise<Outcome[]> {
  const done: Outcome[] = [];
  for (const step of steps) done.push(await step());
  return done;
}

// The browser files need Chromium: found or installed now, or the run stops here, before any lane starts.
// The calendar test needs faketime, made sure of the same way.
for (const tool of [ensureChromium(), ensureFaketime()])
  if ('error' in tool) {
    console.error(`npm test: ${tool.error}`);
    process.exit(1);
  }

const npx =
  (name: string, ...args: string[]) =>
  () =>
    run(name, 'npx', args);
const cache = path.resolve('.tmp', 'test-cache');
const markerDir = mkdtempSync(path.join(os.tmpdir(), 'talentbase-build-'));
const marker = path.join(markerDir, 'built');

const started = Date.now();
const results = await Promise.all([
  lane([
    () =>
      run('typecheck', 'npm', [
        'run',
        'typecheck',
        '--silent',
        '--',
        '--incremental',
        '--tsBuildInfoFile',
        path.join(cache, 'tsc.tsbuildinfo'),
      ]),
    npx(
      'lint',
      'eslint',
      '--cache',
      '--cache-strategy',
      'content',
      '--cache-location',
      path.join(cache, 'eslint/'),
      '.',
    ),
    npx(
      'format',
      'prettier',
      '--check',
      '--cache',
      '--cache-strategy',
      'content',
      '--cache-location',
      path.join(cache, 'prettier'),
      '.',
    ),
    () => run('import cycles', 'npm', ['run', 'cycles', '--silent']),
  ]),
  lane([
    async () => {
      const outcome = await run('build', 'npm', ['run', 'build', '--silent']);
      writeFileSync(marker, outcome.ok ? 'ok' : 'failed');
      return outcome;
    },
  ]),
  lane([
    () =>
      run('vitest', 'npx', ['vitest', 'run', ...process.argv.slice(2)], {
        live: true,
        env: { TEST_BUILD_MARKER: marker },
      }),
  ]),
]);

rmSync(markerDir, { recursive: true, force: true });
const all = results.flat();
console.log(`\n${all.map((o) => `${o.name} ${o.ok ? 'passed' : 'FAILED'} (${o.seconds.toFixed(0)} s)`).join(' · ')}`);
console.log(`npm test: ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exitCode = all.every((o) => o.ok) ? 0 : 1;
