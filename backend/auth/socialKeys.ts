/**
 * One-time keys (`gnbsl`) handing the outcome of a social round trip to the portal: stored as a
 * SHA-256, short-lived, and a sign-in key works once. Sign-up keys can be read for prefill until
 * they expire and are used up by the sign-up they belong to.
 */
import type { Knex } from 'knex';
import type { SocialProfile, SocialProvider } from '../adapters/oidc';
import { AppError } from '../errors';
import { tokenShape } from './login';
import { newToken, sha256 } from './tokens';

export const SOCIAL_PURPOSE = { signin: 1, signupCompany: 2, signupCommunity: 3 } as const;
export type SocialPurpose = keyof typeof SOCIAL_PURPOSE;
export const PROVIDER_ID: Record<SocialProvider, number> = { google: 1, linkedin: 2 };

/** A sign-in key is exchanged at once by the portal; a sign-up key lives while the form is filled in. */
const TTL_MINUTES: Record<SocialPurpose, number> = { signin: 5, signupCompany: 60, signupCommunity: 60 };

export interface SocialKeyRow {
  id: number;
  purpose: number;
  provider: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  account_kind: number | null;
  account_id: number | null;
}

export async function createSocialKey(
  knex: Knex,
  purpose: SocialPurpose,
  provider: SocialProvider,
  profile: SocialProfile,
  account?: { kind: number; id: number },
): Promise<string> {
  const key = newToken();
  await knex('social_logins').insert({
    key_hash: sha256(key),
    purpose: SOCIAL_PURPOSE[purpose],
    provider: PROVIDER_ID[provider],
    email: profile.email,
    first_name: profile.firstName,
    last_name: profile.lastName,
    account_kind: account?.kind ?? null,
    account_id: account?.id ?? null,
    expires_at: new Date(Date.now() + TTL_MINUTES[purpose] * 60_000),
  });
  return key;
}

const decodeFailed = () => new AppError(400, 'sso.decodeFailed');

function keyOf(raw: unknown): string {
  const key = tokenShape(raw);
  if (!key) throw decodeFailed();
  return key;
}

/** Reads a live key of one of `purposes` without using it up (prefill). */
export async function readSocialKey(
  knex: Knex,
  raw: unknown,
  purposes: SocialPurpose[],
  provider?: SocialProvider,
): Promise<SocialKeyRow> {
  const q = knex('social_logins')
    .where('key_hash', sha256(keyOf(raw)))
    .whereIn(
      'purpose',
      purposes.map((p) => SOCIAL_PURPOSE[p]),
    )
    .whereNull('used_at')
    .where('expires_at', '>', new Date())
    .first();
  if (provider) q.where('provider', PROVIDER_ID[provider]);
  const row = (await q) as SocialKeyRow | undefined;
  if (!row) throw decodeFailed();
  return row;
}

/** Uses up a live key of `purpose` atomically. */
export async function consumeSocialKey(
  trx: Knex | Knex.Transaction,
  raw: unknown,
  purpose: SocialPurpose,
): Promise<SocialKeyRow> {
  const [row] = (await trx('social_logins')
    .where({ key_hash: sha256(keyOf(raw)), purpose: SOCIAL_PURPOSE[purpose] })
    .whereNull('used_at')
    .where('expires_at', '>', new Date())
    .update({ used_at: trx.fn.now(), updated_at: trx.fn.now() })
    .returning([
      'id',
      'purpose',
      'provider',
      'email',
      'first_name',
      'last_name',
      'account_kind',
      'account_id',
    ])) as SocialKeyRow[];
  if (!row) throw decodeFailed();
  return row;
}
