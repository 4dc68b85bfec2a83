/**
 * Once per run (the root project's global setup; the projects do not inherit it): one embedded
 * PostgreSQL with the template database every test file clones (migrated, with graphile-worker's
 * tables, lookups and demo data), and one Chromium every browser test file connects to (a context
 * per page). Each starts only when a test file of this run needs it: `--project unit` starts neither.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { ensureDatabase } from '../../backend/db/database';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../backend/db/embedded';
import { createKnex } from '../../backend/db/knex';
import { removeDataFolder } from '../../backend/db/reachability';
import { migrate } from '../../backend/db/migrate';
import { seed } from '../../seeds';
import { postgresCpuSeconds, treeCpuSeconds } from '../../scripts/cpuTime';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './chromium';

export const TEMPLATE = 'tb_template';
let server: EmbeddedDatabase | undefined;
let browserServer: BrowserServer | undefined;

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** Where the run's shared Chromium listens; empty when no browser test runs (startE2E then launches its own). */
    browserWsEndpoint: string;
  }
}

/** The projects with at least one test file in this run (the command line's file filters applied). */
async function projectsToRun(root: TestProject): Promise<Set<string>> {
  const names = new Set<string>();
  for (const project of root.vitest.projects) {
    // The command line's filters (vitest keeps them on an internal field; none means every file).
    const filters = (root.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
    const { testFiles } = await project.globTestFiles(filters);
    if (testFiles.length) names.add(project.name);
  }
  return names;
}

async function startDatabase(): Promise<string> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'talentbase-test-')), 'pg');
    server = await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
    adminUrl = server.connectionString;
  }
  const url = await ensureDatabase(adminUrl, TEMPLATE);
  const knex = createKnex(url);
  try {
    await migrate(knex, url);
    await seed(knex);
  } finally {
    await knex.destroy();
  }
  return adminUrl;
}

export async function setup(project: TestProject) {
  const running = await projectsToRun(project);
  const needsDatabase = [...running].some((name) => name !== 'unit');
  const [adminUrl, browser] = await Promise.all([
    needsDatabase ? startDatabase() : Promise.resolve(''),
    running.has('e2e')
      ? chromium.launchServer({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS })
      : Promise.resolve(undefined),
  ]);
  browserServer = browser;
  project.provide('pgAdminUrl', adminUrl);
  project.provide('browserWsEndpoint', browser?.wsEndpoint() ?? '');
}

/**
 * The CPU the run's shared PostgreSQL and Chromium used, which the test command's own figure leaves out (neither is a
 * child it waits for): with it, a run's cost reads the same whatever else the machine was doing.
 */
function printCpu() {
  const parts = [
    server && `PostgreSQL ${postgresCpuSeconds(server.dataDir).toFixed(1)} s`,
    browserServer?.process().pid && `Chromium ${treeCpuSeconds(browserServer.process().pid as number).toFixed(1)} s`,
  ].filter(Boolean);
  if (parts.length) console.log(`CPU beside the test processes: ${parts.join(', ')}`);
}

export async function teardown() {
  printCpu();
  await browserServer?.close();
  await server?.stop();
  // The cluster went with it (persistent: false); the folder made to hold it goes too.
  if (server) await removeDataFolder(path.dirname(server.dataDir));
}
