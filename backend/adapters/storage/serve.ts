/**
 * GET /uploads/<key>: serves files of public folders (profile pictures, company logos) from the
 * configured storage (local disk or S3). Their keys are unguessable; private files (CVs) are
 * served by the features that check who may read them. A picture is asked of `access` first: a
 * candidate's goes only to whom the candidate gate lets see it, is kept by no shared cache and by
 * the browser for a minute, so a company that kept its address loses it once the candidate stops
 * being shown; an admin's or a company user's picture and the logos are public and cached for good; a picture
 * nobody holds (a merged-away profile's, waiting for its deletion) is 404 to everyone.
 */
import { Router, type Request } from 'express';
import { notFound } from '../../errors';
import { sendStream } from '../../http/sendStream';
import path from 'node:path';
import { KEY_PATTERN } from './index';
import { storageFor } from './select';

export const PUBLIC_FOLDERS = new Set(['profile-pics', 'company-logos']);

const TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.webp': 'image/webp' };

/** The public URL path of a stored key, as kept in columns such as profile_pic. */
export const publicPath = (key: string) => `/uploads/${key}`;

/** The key behind a public URL path, or undefined for anything else (e.g. an external URL). */
export function keyOfPublicPath(value: string | null | undefined): string | undefined {
  const key = value?.startsWith('/uploads/') ? value.slice('/uploads/'.length) : undefined;
  return key && KEY_PATTERN.test(key) ? key : undefined;
}

/** Whether the asker may have the picture at `picturePath`: 'public' for anyone, else yes or no (none nobody holds). */
export type PictureAccess = (req: Request, picturePath: string) => Promise<'public' | boolean>;

const CACHE = { public: 'public, max-age=31536000, immutable', private: 'private, max-age=60' };

export function uploadsRouter(access: PictureAccess): Router {
  const router = Router();
  router.get('/*key', async (req, res) => {
    const key = req.path.slice(1);
    const type = TYPES[path.extname(key)];
    if (!KEY_PATTERN.test(key) || !PUBLIC_FOLDERS.has(key.split('/')[0]) || !type) throw notFound();
    const shown = key.startsWith('profile-pics/') ? await access(req, publicPath(key)) : 'public';
    if (!shown) throw notFound();
    const stream = await storageFor(req.ctx.config).get(key);
    if (!stream) throw notFound();
    res.set({
      'Content-Type': type,
      'Cache-Control': shown === 'public' ? CACHE.public : CACHE.private,
      'X-Content-Type-Options': 'nosniff',
    });
    await sendStream(res, stream);
  });
  return router;
}
