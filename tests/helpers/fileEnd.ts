/**
 * What a test file started and must stop when it ends: its database and pool, its server, its
 * browser connection, a stand-in's port.
 *
 * Helpers such as testDatabase() and startE2E() run inside a file's `beforeAll`, and vitest never
 * runs an `afterAll` registered there (a hook added while hooks run is dropped, silently). So they
 * hand their cleanup to `atFileEnd` instead, and tests/helpers/fileEnd.setup.ts registers, for every
 * file, one `afterAll` that runs it, newest first, after the file's own `afterAll` hooks.
 *
 * This matters because a worker runs many files one after another in one process (`isolate: false`):
 * what one file leaves running (a browser context with its page still animating and polling, a
 * server, a pool) slows every file after it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';

const pending: (() => unknown)[] = [];

export function atFileEnd(cleanup: () => unknown): void {
  pending.push(cleanup);
}

/** Runs every cleanup, newest first, even when one fails; fails with all their errors. */
export async function runFileEnd(): Promise<void> {
  const errors: unknown[] = [];
  for (let cleanup = pending.pop(); cleanup; cleanup = pending.pop()) {
    try {
      await cleanup();
    } catch (err) {
      errors.push(err);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length) throw new AggregateError(errors, `${errors.length} cleanups failed at the end of the file`);
}

/** A new folder under the system's temporary one (`<prefix>-XXXXXX`), removed with what it holds when the file ends. */
export function tempDirUntilFileEnd(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  atFileEnd(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** `handler` listening on a free loopback port until the file ends, when its connections are cut and it closes. */
export async function listenUntilFileEnd(handler: RequestListener): Promise<Server> {
  const server = createServer(handler);
  // No idle timeout: a client that keeps connections open between requests (Playwright's page.request, the browser)
  // would otherwise reuse one just as the server closes it after 5 s idle, and its request fails with ECONNRESET.
  // Every connection is closed when the file ends.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  atFileEnd(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  return server;
}
