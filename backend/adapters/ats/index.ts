/** The live providers by ATS kind; other kinds are only recorded as a company's ATS. */
import { ashbyProvider, type AshbyCredentials } from './ashby';
import type { AtsConfig } from './config';
import { greenhouseProvider, type GreenhouseCredentials } from './greenhouse';
import { leverProvider } from './lever';
import type { LeverTokens } from './leverAuth';
import type { AtsProvider, CredentialsSaver } from './types';
import { workableProvider, type WorkableCredentials } from './workable';

export const LIVE_KINDS = ['ashby', 'greenhouse', 'lever', 'workable'] as const;

export function isLive(kind: string): boolean {
  return (LIVE_KINDS as readonly string[]).includes(kind);
}

export function providerFor(
  config: AtsConfig,
  kind: string,
  credentials: Record<string, unknown>,
  settings: Record<string, unknown>,
  // Providers with expiring tokens hand renewed ones back here.
  save?: CredentialsSaver,
): AtsProvider {
  switch (kind) {
    case 'workable':
      return workableProvider(
        config.workableUrl,
        credentials as unknown as WorkableCredentials,
        settings,
        config.limits,
      );
    case 'ashby':
      return ashbyProvider(config.ashbyUrl, credentials as unknown as AshbyCredentials, config.limits);
    case 'greenhouse':
      return greenhouseProvider(
        config.greenhouseUrl,
        config.greenhouseTokenUrl,
        credentials as unknown as GreenhouseCredentials,
        config.limits,
      );
    case 'lever':
      return leverProvider(config, credentials as unknown as LeverTokens, settings, save);
    default:
      throw new Error(`no live provider for ${kind}`);
  }
}

export * from './types';
