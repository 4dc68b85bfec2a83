/**
 * Starting an entry point (scripts/start.ts for `npm start`, backend/jobs/run.ts for `npm run worker`) as its own
 * process, to see whether it refuses its settings.
 */
import { spawn } from 'node:child_process';
import { ROOT } from '../../backend/config';

/** Runs an entry point as docs/operations.md says to, and gives its exit code and output. */
export function startEntry(
  entry: string,
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => (output += chunk.toString());
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    // A process that passed its checks goes on to open the database, which these tests never give it.
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
