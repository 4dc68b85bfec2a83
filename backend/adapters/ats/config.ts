/**
 * Where each ATS vendor is reached and with which app credentials (README, configuration). Every
 * base URL is configurable so tests point the real clients at loopback stand-ins.
 */
import { DEFAULT_LIMITS, type HttpLimits } from './http';

export interface AtsConfig {
  /** ATS_ENCRYPTION_KEY: 32 bytes (hex or base64) sealing credentials; derived from APP_SECRET without it. */
  encryptionKey?: string;
  /** ATS_WORKABLE_URL, with `{subdomain}` where the account's subdomain goes. */
  workableUrl: string;
  /** ATS_ASHBY_URL. */
  ashbyUrl: string;
  /** ATS_GREENHOUSE_URL (Harvest v3 API) and ATS_GREENHOUSE_TOKEN_URL (its OAuth token endpoint). */
  greenhouseUrl: string;
  greenhouseTokenUrl: string;
  /** Lever's API, its OAuth authorization server and the product's Lever app (LEVER_CLIENT_ID, LEVER_CLIENT_SECRET). */
  lever: { apiUrl: string; authUrl: string; clientId?: string; clientSecret?: string };
  limits: HttpLimits;
  /** ATS_LOOKUPS_PER_WINDOW: "already in your ATS" look-ups (each a call per card to every connected ATS) one person may ask per rate-limit window. */
  lookupsPerWindow: number;
  /**
   * ATS_CREDENTIAL_CHECKS_PER_WINDOW: credentials one person, and one company, may have the vendor check per rate-limit
   * window (connecting, or replacing credentials), so nobody can try keys against a vendor without end.
   */
  credentialChecksPerWindow: number;
  /** ATS_SYNC_COOLDOWN_MINUTES: how long after a sync of an integration starts "Sync now" is refused (0: never). */
  syncCooldownMinutes: number;
}

const url = (name: string, fallback: string) => (process.env[name] || fallback).replace(/\/$/, '');

export function atsConfig(): AtsConfig {
  return {
    encryptionKey: process.env.ATS_ENCRYPTION_KEY || undefined,
    workableUrl: url('ATS_WORKABLE_URL', 'https://{subdomain}.workable.com'),
    ashbyUrl: url('ATS_ASHBY_URL', 'https://api.ashbyhq.com'),
    greenhouseUrl: url('ATS_GREENHOUSE_URL', 'https://harvest.greenhouse.io/v3'),
    greenhouseTokenUrl: url('ATS_GREENHOUSE_TOKEN_URL', 'https://auth.greenhouse.io/token'),
    lever: {
      apiUrl: url('ATS_LEVER_URL', 'https://api.lever.co/v1'),
      authUrl: url('ATS_LEVER_AUTH_URL', 'https://auth.lever.co'),
      clientId: process.env.LEVER_CLIENT_ID || undefined,
      clientSecret: process.env.LEVER_CLIENT_SECRET || undefined,
    },
    limits: DEFAULT_LIMITS,
    lookupsPerWindow: Math.max(1, Number(process.env.ATS_LOOKUPS_PER_WINDOW) || 60),
    credentialChecksPerWindow: Math.max(1, Number(process.env.ATS_CREDENTIAL_CHECKS_PER_WINDOW) || 10),
    syncCooldownMinutes: process.env.ATS_SYNC_COOLDOWN_MINUTES
      ? Math.max(0, Number(process.env.ATS_SYNC_COOLDOWN_MINUTES) || 0)
      : 5,
  };
}
