/**
 * GET /uploads/<key>: serves files of public folders (profile pictures, company logos) from the
 * configured storage (local disk or S3). Their keys are unguessable; private files (CVs) are
 * served by the features that check who may read them.
 */
import { Router } from 'express';
import { notFound } from '../../errors';
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

export function uploadsRouter(): Router {
  const router = Router();
  router.get('/*key', async (req, res, next) => {
    const key = req.path.slice(1);
    const type = TYPES[path.extname(key)];
    if (!KEY_PATTERN.test(key) || !PUBLIC_FOLDERS.has(key.split('/')[0]) || !type) throw notFound();
    const stream = await storageFor(req.ctx.config).get(key);
    if (!stream) throw notFound();
    res.set({
      'Content-Type': type,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
    stream.on('error', next).pipe(res);
  });
  return router;
}
