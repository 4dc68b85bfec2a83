/**
 * The signed-in person's own account under /api/v1/auth: read and update it (multipart, with a
 * profile picture), confirm a changed email, and remember that the info video was watched.
 */
import { Router, type Request, type Response } from 'express';
import multer from 'multer';
import { columnOf, type EntityDef } from '../../../schema';
import { admin } from '../../../schema/entities/admin';
import { candidate } from '../../../schema/entities/candidate';
import { communityUser } from '../../../schema/entities/communityUser';
import { companyUser } from '../../../schema/entities/companyUser';
import { findAccount, KIND_OF_ROLE, type Account, type AccountKind } from '../../auth/accounts';
import { limitEmailSends } from '../../auth/rateLimit';
import { storageFor } from '../../adapters/storage/select';
import { keyOfPublicPath, publicPath } from '../../adapters/storage/serve';
import { validateRecord } from '../../crud/validate';
import { assertCleanInput } from '../../http/inputGuard';
import { AppError, badRequest, forbidden, unauthorized } from '../../errors';
import { confirmEmailChange, requestEmailChange } from './emailChange';
import { pictureExtension, PROFILE_PIC_MAX_BYTES } from './picture';

const ENTITY: Record<AccountKind, EntityDef> = { admin, companyUser, candidate, community: communityUser };
const ACCOUNT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'jobTitle'] as const;

const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: PROFILE_PIC_MAX_BYTES, files: 1, fields: 20, fieldSize: 16 * 1024 } });

/** Multer's refusals as field errors of the envelope. */
function parseMultipart(req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    upload.single('profilePicEdit')(req, res, (err: unknown) => {
      if (!err) return resolve();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return reject(badRequest({ profilePicEdit: 'upload.errors.tooLarge' }));
        if (err.code === 'LIMIT_FILE_COUNT' || err.code === 'LIMIT_UNEXPECTED_FILE')
          return reject(badRequest({ [err.field ?? 'profilePicEdit']: 'upload.errors.tooMany' }));
        return reject(badRequest({ [err.field ?? 'form']: 'upload.errors.invalid' }));
      }
      reject(new AppError(400, 'errors.badRequest'));
    });
  });
}

async function signedInAccount(req: Request): Promise<Account> {
  const kind = KIND_OF_ROLE[req.actor.role];
  const account = kind && req.actor.id ? await findAccount(req.ctx.knex, { kind, id: req.actor.id }) : undefined;
  if (!account) throw unauthorized();
  return account;
}

async function accountDetails(req: Request, account: Account) {
  const entity = ENTITY[account.kind];
  const row = await req.ctx.knex(entity.table).where('id', account.id).first();
  return {
    firstName: row.first_name ?? null,
    lastName: row.last_name ?? null,
    email: row.email,
    phone: row.phone ?? null,
    jobTitle: row.job_title ?? null,
    profilePic: row.profile_pic ?? null,
  };
}

export function accountRouter(): Router {
  const router = Router();

  router.get('/account', async (req, res) => {
    res.json(await accountDetails(req, await signedInAccount(req)));
  });

  router.put('/account', async (req, res) => {
    const account = await signedInAccount(req);
    await parseMultipart(req, res);
    // Multipart text parts are parsed here, after the request guard: the same text and name checks apply.
    assertCleanInput(req.body);
    const entity = ENTITY[account.kind];
    const input = (req.body ?? {}) as Record<string, unknown>;
    const writable = new Set<string>(ACCOUNT_FIELDS.filter((name) => name in entity.fields));
    const data = validateRecord(entity, input, 'update', writable);
    const file = req.file;
    let ext: string | undefined;
    if (file) {
      if (!('profilePic' in entity.fields)) throw badRequest({ profilePicEdit: 'profilePicEdit.errors.notAllowed' });
      ext = pictureExtension(file.buffer);
      if (!ext) throw badRequest({ profilePicEdit: 'upload.errors.typeUnsupported' });
    }
    const newEmail = typeof data.email === 'string' && data.email !== account.email ? data.email : undefined;
    delete data.email;
    // Counted per person too, so one account cannot email addresses without end.
    if (newEmail) await limitEmailSends(req.ctx.knex, req.ctx.config, newEmail, req.ip, `account:${account.kind}:${account.id}`);

    const storage = storageFor(req.ctx.config);
    const key = file && ext ? await storage.put(file.buffer, { folder: 'profile-pics', ext }) : undefined;
    const previous = key ? keyOfPublicPath((await req.ctx.knex(entity.table).where('id', account.id).first('profile_pic')).profile_pic) : undefined;
    try {
      await req.ctx.knex.transaction(async (trx) => {
        const columns: Record<string, unknown> = Object.fromEntries(Object.entries(data).map(([name, value]) => [columnOf(name), value]));
        if (key) columns.profile_pic = publicPath(key);
        await trx(entity.table)
          .where('id', account.id)
          .update({ ...columns, updated_at: trx.fn.now() });
        if (newEmail) await requestEmailChange(trx, req.ctx.config, account, newEmail);
      });
    } catch (err) {
      if (key) await storage.delete(key);
      throw err;
    }
    if (previous) await storage.delete(previous);
    res.json({ success: true, message: 'messages.saveSuccess', data: await accountDetails(req, account), emailConfirmationSent: Boolean(newEmail) });
  });

  router.post('/confirm-email', async (req, res) => {
    // Only the signed-in owner of the account completes the change: a link alone does nothing.
    const account = await signedInAccount(req);
    await confirmEmailChange(req.ctx.knex, (req.body as { code?: unknown } | undefined)?.code, account, req.sessionId);
    res.json({ success: true, message: 'messages.emailConfirmed' });
  });

  router.post('/info/video/seen', async (req, res) => {
    const account = await signedInAccount(req);
    if (account.kind !== 'admin' && account.kind !== 'companyUser') throw forbidden();
    await req.ctx.knex(ENTITY[account.kind].table).where('id', account.id).update({ is_watched_info_video: true, updated_at: req.ctx.knex.fn.now() });
    res.json({ success: true });
  });

  return router;
}
