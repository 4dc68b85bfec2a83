/**
 * The signed-in person's own account under /api/v1/auth: read and update it (multipart, with a
 * profile picture), confirm a changed email (only in the owner's own session), and remember that
 * the info video was watched. Which fields a person has is read from their entity's declaration.
 * A picture is stored without its metadata (picture.ts): a photo's EXIF can hold where it was taken.
 * A national phone number is read in the person's country when one is known (phoneCountry.ts).
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import type { EntityDef } from '../../../schema';
import { admin } from '../../../schema/entities/admin';
import { candidate } from '../../../schema/entities/candidate';
import { communityUser } from '../../../schema/entities/communityUser';
import { companyUser } from '../../../schema/entities/companyUser';
import type { Actor } from '../../../schema/roles';
import { findAccount, accountKindOf, type Account, type AccountKind } from '../../auth/accounts';
import { limitEmailSends } from '../../auth/rateLimit';
import { storageFor } from '../../adapters/storage/select';
import { keyOfPublicPath, publicPath } from '../../adapters/storage/serve';
import { validateRecord } from '../../crud/validate';
import { modelFor } from '../../db/models';
import type { AppContext } from '../../context';
import { defineEndpoint } from '../../endpoints/define';
import { badRequest, forbidden, unauthorized } from '../../errors';
import { assertCompanyEmail, confirmEmailChange, requestEmailChange } from './emailChange';
import { writeOwnDetails } from '../talent';
import { accountPhoneCountry } from './phoneCountry';
import { pictureExtension, pictureWithoutMetadata, PROFILE_PIC_MAX_BYTES } from './picture';

const ENTITY: Record<AccountKind, EntityDef> = { admin, companyUser, candidate, community: communityUser };
const ACCOUNT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'jobTitle'] as const;
/** Text parts are checked field by field by the person's entity (which fields it has differs by kind). */
const anyBody = z.record(z.string(), z.unknown());

async function signedInAccount(knex: Knex, actor: Actor): Promise<Account> {
  const kind = accountKindOf(actor);
  const account = kind && actor.id ? await findAccount(knex, { kind, id: actor.id }) : undefined;
  if (!account) throw unauthorized();
  return account;
}

const modelOf = (account: Account) => modelFor(ENTITY[account.kind]);

async function accountDetails(knex: Knex, account: Account) {
  const row = (await modelOf(account).query(knex).findById(account.id)) as unknown as Record<string, string | null>;
  return {
    firstName: row.firstName ?? null,
    lastName: row.lastName ?? null,
    email: row.email,
    phone: row.phone ?? null,
    jobTitle: row.jobTitle ?? null,
    profilePic: row.profilePic ?? null,
    // The country a national phone number is read in (phoneCountry.ts), so the page checks it as the server does.
    phoneCountry: (await accountPhoneCountry(knex, account)) ?? null,
  };
}

const read = defineEndpoint({
  method: 'get',
  path: '/auth/account',
  summary: 'The signed-in person’s own details',
  access: 'signedIn',
  handler: async ({ actor, ctx }) => accountDetails(ctx.knex, await signedInAccount(ctx.knex, actor)),
});

/**
 * Updates one's own details and picture; a new email is only requested (a code is sent to it) and
 * counts once confirmed. A picture stored before a refusal is removed again.
 */
export async function updateAccount(
  ctx: Pick<AppContext, 'knex' | 'config'>,
  actor: Actor,
  body: Record<string, unknown>,
  file: Express.Multer.File | undefined,
  ip: string | undefined,
) {
  const { knex, config } = ctx;
  const account = await signedInAccount(knex, actor);
  const entity = ENTITY[account.kind];
  const writable = new Set<string>(ACCOUNT_FIELDS.filter((name) => name in entity.fields));
  const data = validateRecord(entity, body, 'update', writable, await accountPhoneCountry(knex, account));
  let ext: string | undefined;
  let picture: Buffer | undefined;
  if (file) {
    if (!('profilePic' in entity.fields)) throw badRequest({ profilePicEdit: 'profilePicEdit.errors.notAllowed' });
    ext = pictureExtension(file.buffer);
    if (!ext) throw badRequest({ profilePicEdit: 'upload.errors.typeUnsupported' });
    picture = pictureWithoutMetadata(file.buffer);
  }
  const newEmail = typeof data.email === 'string' && data.email !== account.email ? data.email : undefined;
  delete data.email;
  if (newEmail) await assertCompanyEmail(knex, account, newEmail);
  // Counted per person too, so one account cannot email addresses without end.
  if (newEmail) await limitEmailSends(knex, config, newEmail, ip, `account:${account.kind}:${account.id}`);

  const storage = storageFor(config);
  const key = picture && ext ? await storage.put(picture, { folder: 'profile-pics', ext }) : undefined;
  const previous = key
    ? keyOfPublicPath(
        ((await modelOf(account).query(knex).findById(account.id)) as unknown as { profilePic: string | null })
          .profilePic,
      )
    : undefined;
  try {
    await knex.transaction(async (trx) => {
      const changes: Record<string, unknown> = { ...data };
      if (key) changes.profilePic = publicPath(key);
      // A candidate's details are their match keys and search document: the candidates' one write path keeps both.
      if (account.kind === 'candidate') await writeOwnDetails(trx, config, account.id, changes);
      else
        await modelOf(account)
          .query(trx)
          .patch({ ...changes, updatedAt: new Date().toISOString() } as never)
          .where('id', account.id);
      if (newEmail) await requestEmailChange(trx, config, account, newEmail);
    });
  } catch (err) {
    if (key) await storage.delete(key);
    throw err;
  }
  if (previous) await storage.delete(previous);
  return {
    success: true,
    message: 'messages.saveSuccess',
    data: await accountDetails(knex, account),
    emailConfirmationSent: Boolean(newEmail),
  };
}

const update = defineEndpoint({
  method: 'put',
  path: '/auth/account',
  summary: 'Updates one’s own details and picture; a new email is confirmed by a code before it counts',
  access: 'signedIn',
  upload: {
    field: 'profilePicEdit',
    maxBytes: PROFILE_PIC_MAX_BYTES,
    refusals: { tooLargeStatus: 400, tooManyKey: 'upload.errors.tooMany' },
  },
  input: { body: anyBody },
  handler: ({ actor, body, file, req, ctx }) => updateAccount(ctx, actor, body, file, req.ip),
});

const confirmEmail = defineEndpoint({
  method: 'post',
  path: '/auth/confirm-email',
  summary: 'Completes one’s own email change with the emailed code and ends one’s other sessions',
  access: 'signedIn',
  input: { body: z.object({ code: z.unknown().optional() }) },
  handler: async ({ actor, body, req, ctx }) => {
    // Only the signed-in owner of the account completes the change: a link alone does nothing.
    const account = await signedInAccount(ctx.knex, actor);
    await confirmEmailChange(ctx.knex, ctx.config, body.code, account, req.sessionId);
    return { success: true, message: 'messages.emailConfirmed' };
  },
});

const videoSeen = defineEndpoint({
  method: 'post',
  path: '/auth/info/video/seen',
  summary: 'Remembers that the signed-in person watched the info video',
  access: 'signedIn',
  handler: async ({ actor, ctx }) => {
    const account = await signedInAccount(ctx.knex, actor);
    // Only people whose entity keeps the flag (admins, company users) are shown the video.
    if (!('isWatchedInfoVideo' in ENTITY[account.kind].fields)) throw forbidden();
    await modelOf(account)
      .query(ctx.knex)
      .patch({ isWatchedInfoVideo: true, updatedAt: new Date().toISOString() } as never)
      .where('id', account.id);
    return { success: true };
  },
});

export const accountEndpoints = [read, update, confirmEmail, videoSeen];
