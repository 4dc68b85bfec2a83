/**
 * Starts one embedded PostgreSQL for the test run and builds the template database every test
 * file clones: migrated, with graphile-worker's tables, lookups and demo data.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureDatabase } from '../../backend/db/database';
import { freePort, startEmbeddedPostgres, type EmbeddedDatabase } from '../../backend/db/embedded';
import { createKnex } from '../../backend/db/knex';
import { migrate } from '../../backend/db/migrate';
import { seed } from '../../seeds';

export const TEMPLATE = 'tb_template';
let server: EmbeddedDatabase | undefined;

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export async function setup(project: TestProject) {
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
  project.provide('pgAdminUrl', adminUrl);
}

export async function teardown() {
  await server?.stop();
}
