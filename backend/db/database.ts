/**
 * Where the data lives: the server named by DATABASE_URL, or else an embedded PostgreSQL 17
 * in .data/postgres that starts and stops with the product.
 */
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { startEmbeddedPostgres } from './embedded';

export interface Database {
  connectionString: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export const APP_DATABASE = 'talentbase';

/** Creates `name` on the server of `adminUrl` when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function openDatabase(config: Config, log: (line: string) => void = () => {}): Promise<Database> {
  if (config.databaseUrl) return { connectionString: config.databaseUrl, embedded: false, stop: async () => {} };
  const dataDir = path.join(config.dataDir, 'postgres');
  log(`Starting the embedded PostgreSQL in ${path.relative(process.cwd(), dataDir) || dataDir} on port ${config.embeddedPgPort}...`);
  const settings = config.embeddedPgSharedBuffers ? { shared_buffers: config.embeddedPgSharedBuffers } : undefined;
  const server = await startEmbeddedPostgres({ dataDir, port: config.embeddedPgPort, settings });
  const connectionString = await ensureDatabase(server.connectionString, APP_DATABASE);
  return { connectionString, embedded: true, stop: () => server.stop() };
}
