/** The one configuration module: environment read once at start-up. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  publicUrl: string;
  databaseUrl?: string;
  embeddedPgPort: number;
  dataDir: string;
  worker: boolean;
  smtpUrl?: string;
  mailFrom: string;
  secret: string;
  sessionTtlHours: number;
  productName: string;
  logLevel: string;
}

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, got '${raw}'`);
  return n;
}

/** APP_SECRET signs codes and tokens; outside production one is made once and kept in .data/. */
function secret(env: Config['env'], dataDir: string): string {
  if (process.env.APP_SECRET) return process.env.APP_SECRET;
  if (env === 'production') throw new Error('APP_SECRET must be set in production');
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const value = randomBytes(32).toString('base64url');
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}

export function loadConfig(overrides: Partial<Config> = {}): Config {
  const env = (process.env.NODE_ENV === 'production' ? 'production' : process.env.NODE_ENV === 'test' ? 'test' : 'development') as Config['env'];
  const port = int('PORT', 3000);
  const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? '.data');
  const config: Config = {
    env,
    port,
    publicUrl: (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    databaseUrl: process.env.DATABASE_URL || undefined,
    embeddedPgPort: int('EMBEDDED_PG_PORT', 54329),
    dataDir,
    worker: process.env.WORKER !== 'off',
    smtpUrl: process.env.SMTP_URL || undefined,
    mailFrom: process.env.MAIL_FROM ?? 'Talentbase <no-reply@talentbase.example>',
    secret: overrides.secret ?? secret(env, dataDir),
    sessionTtlHours: int('SESSION_TTL_HOURS', 24 * 7),
    productName: process.env.PRODUCT_NAME ?? 'Talentbase',
    logLevel: process.env.LOG_LEVEL ?? (env === 'test' ? 'silent' : 'info'),
  };
  return { ...config, ...overrides };
}
