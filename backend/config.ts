/** The one configuration module: environment read once at start-up. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { atsConfig, type AtsConfig } from './adapters/ats/config';
import type { S3Settings } from './adapters/storage/s3';
import type { LlmConfig } from './adapters/llm';
import { DEFAULT_TIERS, parseTiers, type Pricing } from '../schema/rules/credits';
import { PRIVACY_NOTICE_VERSION } from '../schema/rules/consents';
import { DOCUMENT_MAX_MB } from '../schema/rules/documents';

export const ROOT = path.resolve(import.meta.dirname, '..');

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  publicUrl: string;
  databaseUrl?: string;
  /** A read replica of the database: search and autocompletes read from it when set. */
  databaseReplicaUrl?: string;
  /** How far behind the primary the replica may be before its reads go to the primary (REPLICA_MAX_LAG_MS). */
  replicaMaxLagMs: number;
  embeddedPgPort: number;
  /** shared_buffers of the embedded PostgreSQL (EMBEDDED_PG_SHARED_BUFFERS); when unset, a quarter of the memory, at most 2 GB (db/embedded.ts). */
  embeddedPgSharedBuffers?: string;
  dataDir: string;
  worker: boolean;
  smtpUrl?: string;
  mailFrom: string;
  secret: string;
  sessionTtlHours: number;
  productName: string;
  logLevel: string;
  /** Root folder of uploaded files (profile pictures, CVs). */
  uploadDir: string;
  /** Where community users are sent after sign-up; empty: the product's own welcome page. */
  communityUrl: string;
  /** Sign-in with Google; absent when GOOGLE_CLIENT_ID or GOOGLE_CLIENT_SECRET is unset. */
  google?: OidcClientConfig;
  /** Sign-in with LinkedIn; absent when LINKEDIN_CLIENT_ID or LINKEDIN_CLIENT_SECRET is unset. */
  linkedin?: OidcClientConfig;
  /** Per window: codes and links emailed to one address or asked from one IP; blind CVs and profile PDFs per person. */
  rateLimit: { perEmail: number; perIp: number; documents: number; windowMinutes: number };
  /** Where uploaded files go: local disk (uploadDir) or an S3-compatible bucket. */
  storage: { driver: 'local' | 's3'; s3?: S3Settings };
  /** Largest import file the console accepts, in bytes (IMPORT_MAX_MB, default 50); `npm run import` has no limit. */
  importMaxBytes: number;
  /**
   * Months of raw search-appearance and view rows kept (LOG_RETENTION_MONTHS, default 13): older monthly partitions
   * are dropped once the daily rollup holds their counts, which profile insights and dashboards keep reading.
   */
  logRetentionMonths: number;
  /**
   * The proxies whose X-Forwarded-For is believed (TRUST_PROXY: addresses, CIDR ranges or
   * 'loopback', 'linklocal', 'uniquelocal', comma-separated). Empty: the client is the peer address.
   */
  trustProxy: string[];
  /** Whether the first start and `npm run db:seed` load the demo sets (SEED_DEMO; default outside production only). */
  seedDemo: boolean;
  /** CV uploads and how they are read (README, configuration). */
  cv: CvConfig;
  /** Credit prices and card payments (README, configuration). */
  credits: CreditsConfig;
  /**
   * The WhatsApp Business Cloud API (WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID; WHATSAPP_API_URL, WHATSAPP_APP_SECRET,
   * WHATSAPP_VERIFY_TOKEN). Without credentials messages stay in their outbox and show in the development mailbox.
   */
  whatsapp: WhatsappConfig;
  /**
   * A product-analytics service that takes PostHog's batch capture call (ANALYTICS_URL, e.g.
   * https://eu.i.posthog.com, and the project key ANALYTICS_KEY). Without them events stay in analytics_events only.
   */
  analytics?: { url: string; key: string };
  /**
   * The support chat's follow-ups of an unread message: an in-app notification once the recipient
   * has been away CHAT_AWAY_SECONDS (default 60), an email after CHAT_UNREAD_EMAIL_MINUTES (default 10).
   */
  chat: { awaySeconds: number; unreadEmailMinutes: number };
  /** Applicant-tracking systems (README, configuration). */
  ats: AtsConfig;
  /**
   * AI match's language model: an OpenAI-compatible server (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL;
   * LLM_TIMEOUT_MS, LLM_RETRIES, LLM_BACKOFF_MS, LLM_CONCURRENCY). Without LLM_BASE_URL the
   * product's own matcher writes the verdicts.
   */
  llm?: LlmConfig;
  /** How many candidates a match retrieves and scores (AI_MATCH_RETRIEVE) and how many of the best it judges (AI_MATCH_JUDGE_TOP). */
  aiMatch: { retrieve: number; judgeTop: number };
  /** How long /ready waits for the database before it answers 503 (READY_TIMEOUT_MS, default 1500). */
  readyTimeoutMs: number;
  /**
   * Who may read /metrics: a caller with `Authorization: Bearer <METRICS_TOKEN>` on the app's port,
   * and anyone who reaches METRICS_PORT, a port of its own for a private network. Neither set: refused.
   */
  metrics: { token?: string; port?: number };
  /** How long a stopping process lets its in-flight requests and jobs finish (SHUTDOWN_TIMEOUT_MS, default 10000). */
  shutdownTimeoutMs: number;
  /**
   * How long a stopping process keeps serving while it reports not ready, so a load balancer stops
   * sending it requests before it stops accepting them (SHUTDOWN_NOTICE_MS, default 0; a few probe intervals behind one).
   */
  shutdownNoticeMs: number;
  /** Requests (SLOW_REQUEST_MS, default 1000) and statements (SLOW_STATEMENT_MS, default 500) slower than this are logged. */
  slow: { requestMs: number; statementMs: number };
  dataRights: DataRightsConfig;
}

/** The terms and privacy notice in force, and the retention periods in days (README, configuration). */
export interface DataRightsConfig {
  noticeVersion: string;
  inactiveDays: number;
  reminderDays: number;
  logDays: number;
  outboxDays: number;
}

function dataRightsConfig(): DataRightsConfig {
  return {
    noticeVersion: (process.env.PRIVACY_NOTICE_VERSION || PRIVACY_NOTICE_VERSION).trim().slice(0, 40),
    inactiveDays: Math.max(1, int('RETENTION_INACTIVE_DAYS', 730)),
    reminderDays: Math.max(1, int('RETENTION_REMINDER_DAYS', 30)),
    logDays: Math.max(1, int('RETENTION_LOG_DAYS', 365)),
    outboxDays: Math.max(1, int('RETENTION_OUTBOX_DAYS', 90)),
  };
}

export interface WhatsappConfig {
  /** Base URL of the Graph API (https://graph.facebook.com, or a local stand-in). */
  apiUrl: string;
  /** The Graph API version in the path (WHATSAPP_API_VERSION, default v21.0). */
  apiVersion: string;
  token?: string;
  phoneNumberId?: string;
  /** Signs the webhook deliveries (X-Hub-Signature-256); without it a secret derived from APP_SECRET. */
  appSecret?: string;
  /** Echoed by the webhook verification; without it a value derived from APP_SECRET. */
  verifyToken?: string;
}

function whatsappConfig(): WhatsappConfig {
  return {
    apiUrl: (process.env.WHATSAPP_API_URL || 'https://graph.facebook.com').replace(/\/$/, ''),
    apiVersion: process.env.WHATSAPP_API_VERSION || 'v21.0',
    token: process.env.WHATSAPP_TOKEN || undefined,
    phoneNumberId: process.env.WHATSAPP_PHONE_NUMBER_ID || undefined,
    appSecret: process.env.WHATSAPP_APP_SECRET || undefined,
    verifyToken: process.env.WHATSAPP_VERIFY_TOKEN || undefined,
  };
}

export interface CreditsConfig {
  /** Price per credit, currency, locale, discount tiers and the enterprise-pricing address: what the purchase modal shows and the server charges. */
  pricing: Pricing;
  /**
   * Card payments through Stripe Checkout (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET). Absent:
   * a clearly marked local test-mode checkout page stands in and drives the same webhook path.
   * `apiUrl` (STRIPE_API_URL) points the SDK at another Stripe API, e.g. a local stand-in.
   */
  stripe?: { secretKey: string; webhookSecret: string; apiUrl?: string };
}

export interface CvConfig {
  /** Largest CV upload accepted, in bytes (CV_MAX_MB: only DOCUMENT_MAX_MB, the size the messages name; startChecks.ts). */
  maxBytes: number;
  /** Largest unpacked Word body (word/document.xml) and sum of a DOCX's XML parts, in bytes (CV_MAX_UNPACKED_MB). */
  maxUnpackedBytes: number;
  /** Characters of a CV's text that are read; the rest is left out (CV_MAX_TEXT_CHARS). */
  maxTextChars: number;
  /** Pages of a PDF that are read (CV_MAX_PAGES). */
  maxPages: number;
  /** How long reading one CV may take before its thread is stopped (CV_READ_TIMEOUT_MS). */
  readTimeoutMs: number;
  /** Heap of the thread that reads CVs, in MB (CV_READ_MEMORY_MB). */
  readMemoryMb: number;
  /** CV uploads one person may make per rate-limit window (CV_UPLOADS_PER_WINDOW). */
  uploadsPerWindow: number;
  /** Hours an uploaded CV waits for a profile to take it before it is deleted (CV_DRAFT_HOURS). */
  draftHours: number;
}

export function cvConfig(): CvConfig {
  return {
    maxBytes: int('CV_MAX_MB', DOCUMENT_MAX_MB) * 1024 * 1024,
    maxUnpackedBytes: int('CV_MAX_UNPACKED_MB', 16) * 1024 * 1024,
    maxTextChars: int('CV_MAX_TEXT_CHARS', 100_000),
    maxPages: int('CV_MAX_PAGES', 40),
    readTimeoutMs: int('CV_READ_TIMEOUT_MS', 10_000),
    readMemoryMb: int('CV_READ_MEMORY_MB', 192),
    uploadsPerWindow: int('CV_UPLOADS_PER_WINDOW', 30),
    draftHours: int('CV_DRAFT_HOURS', 24),
  };
}

/** STORAGE_DRIVER=s3 needs S3_BUCKET; S3_REGION, S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_FORCE_PATH_STYLE are optional. */
function storage(): Config['storage'] {
  const driver = process.env.STORAGE_DRIVER || 'local';
  if (driver !== 'local' && driver !== 's3') throw new Error(`STORAGE_DRIVER must be 'local' or 's3', got '${driver}'`);
  if (driver === 'local') return { driver };
  const bucket = process.env.S3_BUCKET;
  if (!bucket) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET');
  return {
    driver,
    s3: {
      bucket,
      region: process.env.S3_REGION || 'us-east-1',
      endpoint: process.env.S3_ENDPOINT || undefined,
      accessKeyId: process.env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: process.env.S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
    },
  };
}

export interface OidcClientConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

function oidcClient(prefix: 'GOOGLE' | 'LINKEDIN', defaultIssuer: string): OidcClientConfig | undefined {
  const clientId = process.env[`${prefix}_CLIENT_ID`];
  const clientSecret = process.env[`${prefix}_CLIENT_SECRET`];
  if (!clientId || !clientSecret) return undefined;
  return { issuer: process.env[`${prefix}_ISSUER`] || defaultIssuer, clientId, clientSecret };
}

/** A PostgreSQL memory size such as '512MB' or '2GB'. */
function sharedBuffers(): string | undefined {
  const raw = process.env.EMBEDDED_PG_SHARED_BUFFERS;
  if (!raw) return undefined;
  if (!/^\d+(kB|MB|GB)$/.test(raw))
    throw new Error(`EMBEDDED_PG_SHARED_BUFFERS must look like 512MB or 2GB, got '${raw}'`);
  return raw;
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

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function trustProxy(): string[] {
  const list = (process.env.TRUST_PROXY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    const [address, bits, extra] = entry.split('/');
    const ok =
      PROXY_NAMES.has(entry) ||
      (isIP(address) > 0 && extra === undefined && (bits === undefined || /^\d{1,3}$/.test(bits)));
    if (!ok)
      throw new Error(
        `TRUST_PROXY takes addresses, CIDR ranges or loopback/linklocal/uniquelocal, comma-separated; got '${entry}'`,
      );
  }
  return list;
}

function creditsConfig(): CreditsConfig {
  const price = Number(process.env.CREDIT_PRICE ?? '100');
  if (!Number.isFinite(price) || price <= 0 || Math.round(price * 100) !== price * 100)
    throw new Error(
      `CREDIT_PRICE must be a positive amount with at most 2 decimals, got '${process.env.CREDIT_PRICE}'`,
    );
  const currency = (process.env.CREDIT_CURRENCY || 'SGD').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency))
    throw new Error(`CREDIT_CURRENCY must be a three-letter currency code, got '${currency}'`);
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = process.env;
  if (Boolean(secretKey) !== Boolean(webhookSecret))
    throw new Error('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together');
  return {
    pricing: {
      pricePerCredit: price,
      currency,
      locale: process.env.CREDIT_LOCALE || 'en-SG',
      tiers: process.env.CREDIT_TIERS ? parseTiers(process.env.CREDIT_TIERS) : DEFAULT_TIERS,
      supportEmail: process.env.SUPPORT_EMAIL || 'support@talentbase.example',
    },
    stripe:
      secretKey && webhookSecret
        ? { secretKey, webhookSecret, apiUrl: process.env.STRIPE_API_URL || undefined }
        : undefined,
  };
}

function analyticsConfig(): Config['analytics'] {
  const url = process.env.ANALYTICS_URL?.trim().replace(/\/$/, '');
  const key = process.env.ANALYTICS_KEY?.trim();
  if (Boolean(url) !== Boolean(key)) throw new Error('ANALYTICS_URL and ANALYTICS_KEY are set together');
  if (url && !/^https?:\/\//.test(url)) throw new Error(`ANALYTICS_URL must be an http(s) address, got '${url}'`);
  return url && key ? { url, key } : undefined;
}

function llmConfig(): LlmConfig | undefined {
  const baseUrl = process.env.LLM_BASE_URL?.trim().replace(/\/$/, '');
  if (!baseUrl) return undefined;
  if (!/^https?:\/\//.test(baseUrl)) throw new Error(`LLM_BASE_URL must be an http(s) address, got '${baseUrl}'`);
  const model = process.env.LLM_MODEL?.trim();
  if (!model) throw new Error('LLM_MODEL must name the model when LLM_BASE_URL is set');
  const concurrency = int('LLM_CONCURRENCY', 3);
  if (concurrency > 4) throw new Error(`LLM_CONCURRENCY runs 1 to 4 calls at a time, got '${concurrency}'`);
  return {
    baseUrl,
    model,
    apiKey: process.env.LLM_API_KEY || undefined,
    timeoutMs: int('LLM_TIMEOUT_MS', 60_000),
    retries: process.env.LLM_RETRIES === '0' ? 0 : int('LLM_RETRIES', 3),
    backoffMs: int('LLM_BACKOFF_MS', 1000),
    concurrency,
  };
}

function metricsConfig(): Config['metrics'] {
  const token = process.env.METRICS_TOKEN?.trim() || undefined;
  // A guessable token would open the figures to anyone: at least 16 characters.
  if (token && token.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters');
  const port = process.env.METRICS_PORT ? int('METRICS_PORT', 0) : undefined;
  return { token, port };
}

function flag(name: string, fallback: boolean): boolean {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new Error(`${name} must be 'true' or 'false', got '${raw}'`);
}

export function loadConfig(overrides: Partial<Config> = {}): Config {
  const env = (
    process.env.NODE_ENV === 'production' ? 'production' : process.env.NODE_ENV === 'test' ? 'test' : 'development'
  ) as Config['env'];
  const port = int('PORT', 3000);
  const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? '.data');
  const config: Config = {
    env,
    port,
    publicUrl: (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    databaseUrl: process.env.DATABASE_URL || undefined,
    databaseReplicaUrl: process.env.DATABASE_REPLICA_URL || undefined,
    replicaMaxLagMs: int('REPLICA_MAX_LAG_MS', 5000),
    embeddedPgPort: int('EMBEDDED_PG_PORT', 54329),
    embeddedPgSharedBuffers: sharedBuffers(),
    dataDir,
    worker: process.env.WORKER !== 'off',
    smtpUrl: process.env.SMTP_URL || undefined,
    mailFrom: process.env.MAIL_FROM ?? 'Talentbase <no-reply@talentbase.example>',
    secret: overrides.secret ?? secret(env, dataDir),
    sessionTtlHours: int('SESSION_TTL_HOURS', 24 * 7),
    productName: process.env.PRODUCT_NAME ?? 'Talentbase',
    logLevel: process.env.LOG_LEVEL ?? (env === 'test' ? 'silent' : 'info'),
    uploadDir: process.env.UPLOAD_DIR ? path.resolve(ROOT, process.env.UPLOAD_DIR) : path.join(dataDir, 'uploads'),
    communityUrl: (process.env.COMMUNITY_URL ?? '').trim().replace(/\/$/, ''),
    google: oidcClient('GOOGLE', 'https://accounts.google.com'),
    linkedin: oidcClient('LINKEDIN', 'https://www.linkedin.com/oauth'),
    rateLimit: {
      perEmail: int('RATE_LIMIT_PER_EMAIL', 5),
      perIp: int('RATE_LIMIT_PER_IP', 30),
      documents: int('RATE_LIMIT_DOCUMENTS', 60),
      windowMinutes: int('RATE_LIMIT_WINDOW_MINUTES', 15),
    },
    storage: storage(),
    importMaxBytes: int('IMPORT_MAX_MB', 50) * 1024 * 1024,
    logRetentionMonths: Math.max(2, int('LOG_RETENTION_MONTHS', 13)),
    trustProxy: trustProxy(),
    seedDemo: flag('SEED_DEMO', env !== 'production'),
    cv: cvConfig(),
    credits: creditsConfig(),
    whatsapp: whatsappConfig(),
    analytics: analyticsConfig(),
    chat: { awaySeconds: int('CHAT_AWAY_SECONDS', 60), unreadEmailMinutes: int('CHAT_UNREAD_EMAIL_MINUTES', 10) },
    ats: atsConfig(),
    llm: llmConfig(),
    aiMatch: { retrieve: int('AI_MATCH_RETRIEVE', 300), judgeTop: int('AI_MATCH_JUDGE_TOP', 30) },
    readyTimeoutMs: int('READY_TIMEOUT_MS', 1500),
    metrics: metricsConfig(),
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', 10_000),
    shutdownNoticeMs: process.env.SHUTDOWN_NOTICE_MS === '0' ? 0 : int('SHUTDOWN_NOTICE_MS', 0),
    slow: { requestMs: int('SLOW_REQUEST_MS', 1000), statementMs: int('SLOW_STATEMENT_MS', 500) },
    dataRights: dataRightsConfig(),
  };
  return { ...config, ...overrides };
}
