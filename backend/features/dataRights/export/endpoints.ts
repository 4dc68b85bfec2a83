/**
 * A copy of a candidate's data. The candidate asks from their profile page and follows its
 * progress there; the prepare_data_export job makes it and emails a link; the link, or the page's
 * own button, downloads the ZIP until it expires (then 410). Admins produce one for a request
 * received elsewhere, from the candidate's console page; the candidate is emailed the same way.
 *   GET  /data-rights/export                     the candidate's latest export and its progress
 *   POST /data-rights/export                     the candidate asks for one
 *   GET  /data-rights/export/file                the candidate downloads their ready export
 *   GET  /data-rights/exports/download?id&token  the emailed link; a browser refused (the copy expired or is gone, a
 *                                                link not valid, signed in as someone else) gets a small page in the
 *                                                product's words with a link to the profile page, where a new copy is
 *                                                asked for; an API caller gets the JSON envelope
 *   POST /data-rights/exports                    {candidateId}: an admin asks for one (409 for an erased candidate)
 *   GET  /data-rights/exports/:id/file           an admin downloads one
 * Every request and download is written to the data rights log.
 */
import type { Response } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  DATA_EXPORT_LINK_HOURS,
  DATA_EXPORT_STATUS,
  exportRequestedBy,
  mayFollowExportLink,
} from '../../../../schema/rules/dataExport';
import { actorKey, type Actor } from '../../../../schema/roles';
import { id } from '../../../../schema/validation/inputs';
import { t } from '../../../../i18n';
import { ipKey } from '../../../auth/rateLimit';
import { sameHash } from '../../../auth/tokens';
import type { Config } from '../../../config';
import { storageFor } from '../../../adapters/storage/select';
import { defineEndpoint } from '../../../endpoints/define';
import { AppError, forbidden, notFound } from '../../../errors';
import { sendStream } from '../../../http/sendStream';
import { escapeHtml, htmlPage, PAGE_POLICY, wantsHtml } from '../../../services/htmlPage';
import { queueJob } from '../../../services/queue';
import { logDataRights } from '../log';
import { linkHash } from './prepare';
import { candidateOf } from '../own';
import { wasErased } from '../erased';

const PENDING = [DATA_EXPORT_STATUS.queued, DATA_EXPORT_STATUS.preparing];
const STATUS_NAMES = Object.fromEntries(Object.entries(DATA_EXPORT_STATUS).map(([k, v]) => [v, k]));
const adminAccess = { action: 'read', subject: 'DataExport' } as const;

interface ExportRow {
  id: number;
  candidate_id: number;
  status: number;
  progress: number;
  file_key: string | null;
  token_hash: string | null;
  ready_at: Date | null;
  expires_at: Date | null;
}

const expired = () =>
  new AppError(410, 'dataExport.errors.expired', undefined, { dataExport: 'dataExport.errors.expired' });
const invalidLink = () =>
  new AppError(404, 'dataExport.errors.invalidLink', undefined, { dataExport: 'dataExport.errors.invalidLink' });

const view = (r: ExportRow | undefined) => ({
  linkHours: DATA_EXPORT_LINK_HOURS,
  export: r
    ? {
        id: `DataExport:${r.id}`,
        status: STATUS_NAMES[r.status],
        progress: r.progress,
        readyAt: r.ready_at ? new Date(r.ready_at).toISOString() : null,
        expiresAt: r.expires_at ? new Date(r.expires_at).toISOString() : null,
      }
    : null,
});

const latest = (knex: Knex | Knex.Transaction, candidateId: number) =>
  knex<ExportRow>('data_exports').where('candidate_id', candidateId).orderBy('id', 'desc').first();

/** Records an export asked for and queues its job; one at a time per candidate, none for an erased one. */
async function requestExport(knex: Knex, candidateId: number, actor: Actor): Promise<ExportRow> {
  return knex.transaction(async (trx) => {
    if (!(await trx('candidates').where('id', candidateId).forUpdate().first('id')))
      throw new AppError(400, 'errors.validation', undefined, { candidateId: 'candidateId.errors.notFound' });
    if (await wasErased(trx, candidateId))
      throw new AppError(409, 'dataExport.errors.erased', undefined, { dataExport: 'dataExport.errors.erased' });
    const open = await trx('data_exports').where('candidate_id', candidateId).whereIn('status', PENDING).first('id');
    if (open)
      throw new AppError(409, 'dataExport.errors.pending', undefined, { dataExport: 'dataExport.errors.pending' });
    const by = exportRequestedBy(actor);
    const [row] = await trx('data_exports')
      .insert({ candidate_id: candidateId, source: by.source, requested_by_id: by.requestedById })
      .returning('*');
    await queueJob(trx, 'prepare_data_export', { exportId: row.id as number });
    await logDataRights(trx, candidateId, 'exportRequested', actor, { exportId: row.id });
    return row as ExportRow;
  });
}

/** Sends a ready, unexpired export's ZIP and logs the download; an expired one is 410 and its file goes. */
async function send(knex: Knex, config: Config, res: Response, row: ExportRow | undefined, actor: Actor) {
  if (row?.status === DATA_EXPORT_STATUS.expired) throw expired();
  if (!row || row.status !== DATA_EXPORT_STATUS.ready || !row.file_key)
    throw new AppError(404, 'dataExport.errors.notReady', undefined, { dataExport: 'dataExport.errors.notReady' });
  if (row.expires_at && new Date(row.expires_at) <= new Date()) {
    await knex('data_exports')
      .where('id', row.id)
      .update({ status: DATA_EXPORT_STATUS.expired, file_key: null, updated_at: new Date() });
    await storageFor(config)
      .delete(row.file_key)
      .catch(() => undefined);
    throw expired();
  }
  const stream = await storageFor(config).get(row.file_key);
  if (!stream) throw expired();
  // A HEAD (a mail scanner or a link preview checking the emailed link) is answered without counting as a download.
  if (res.req.method === 'HEAD') {
    stream.destroy();
    res.set({ 'Content-Type': 'application/zip', 'Cache-Control': 'private, no-store' }).end();
    return;
  }
  try {
    await knex('data_exports').where('id', row.id).update({ downloaded_at: new Date() });
    await logDataRights(knex, row.candidate_id, 'exportDownloaded', actor, { exportId: row.id });
  } catch (err) {
    stream.destroy(); // the open file is let go with the request
    throw err;
  }
  res.set({
    'Content-Type': 'application/zip',
    'Content-Disposition': `attachment; filename="${config.productName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-data-${row.id}.zip"`,
    'Cache-Control': 'private, no-store',
  });
  await sendStream(res, stream);
}

/** A refusal of the emailed link as a browser reads it: why, in the product's words, and the way to a new copy. */
function refusalPage(config: Config, res: Response, err: AppError) {
  const why = err.status === 403 ? 'dataExportLink.forbidden' : (err.fields?.dataExport ?? err.code);
  const profile = `${config.publicUrl}/candidate/profile`;
  res
    .status(err.status)
    .set({ 'Content-Security-Policy': PAGE_POLICY, 'Cache-Control': 'private, no-store' })
    .type('html')
    .send(
      htmlPage(
        escapeHtml(t('dataExportLink.title')),
        `<p>${escapeHtml(t(why))}</p><p><a href="${escapeHtml(profile)}">${escapeHtml(t('dataExportLink.toProfile'))}</a></p>`,
      ),
    );
}

const mine = defineEndpoint({
  method: 'get',
  path: '/data-rights/export',
  summary: "The candidate's latest copy of their data and its progress",
  access: 'signedIn',
  handler: async ({ actor, ctx }) => view(await latest(ctx.knex, candidateOf(actor))),
});

const ask = defineEndpoint({
  method: 'post',
  path: '/data-rights/export',
  summary: 'The candidate asks for a copy of their data; a job prepares it and emails a link',
  access: 'signedIn',
  status: 202,
  limits: ({ actor, req, ctx }) => [
    { key: `data-export:${actorKey(actor)}`, max: ctx.config.rateLimit.perEmail },
    { key: `ip:${ipKey(req.ip)}`, max: ctx.config.rateLimit.perIp },
  ],
  handler: async ({ actor, ctx }) => view(await requestExport(ctx.knex, candidateOf(actor), actor)),
});

const ownFile = defineEndpoint({
  method: 'get',
  path: '/data-rights/export/file',
  summary: 'The candidate downloads their ready copy',
  access: 'signedIn',
  raw: true,
  handler: async ({ actor, ctx, res }) => {
    const candidateId = candidateOf(actor);
    const row = await ctx
      .knex<ExportRow>('data_exports')
      .where('candidate_id', candidateId)
      .whereIn('status', [DATA_EXPORT_STATUS.ready, DATA_EXPORT_STATUS.expired])
      .orderBy('id', 'desc')
      .first();
    await send(ctx.knex, ctx.config, res, row, actor);
  },
});

const link = defineEndpoint({
  method: 'get',
  path: '/data-rights/exports/download',
  summary: 'The emailed link to a copy of a candidate’s data, until it expires',
  access: 'public',
  input: { query: z.object({ id: z.coerce.number().int().positive(), token: z.string().min(20).max(200) }) },
  raw: true,
  handler: async ({ query, actor, ctx, req, res }) => {
    try {
      const row = await ctx.knex<ExportRow>('data_exports').where('id', query.id).first();
      // A guessed or forged link names nothing, not even whether that copy expired (the hash outlives its file); the
      // real one, expired, says so.
      if (!row?.token_hash || !sameHash(row.token_hash, linkHash(ctx.config, row.id, query.token))) throw invalidLink();
      // Someone signed in as another person (another candidate, a company) is refused even with the link.
      if (!mayFollowExportLink(actor, row.candidate_id)) throw forbidden();
      await send(ctx.knex, ctx.config, res, row, actor);
    } catch (err) {
      // The link is followed from an email, in a browser: a refusal is a page with a way back, not raw JSON.
      if (!(err instanceof AppError) || res.headersSent || !wantsHtml(req)) throw err;
      refusalPage(ctx.config, res, err);
    }
  },
});

const produce = defineEndpoint({
  method: 'post',
  path: '/data-rights/exports',
  summary: 'An admin produces a copy of a candidate’s data for a request received elsewhere',
  access: adminAccess,
  input: { body: z.object({ candidateId: id('candidate') }) },
  status: 202,
  handler: async ({ body, actor, ctx }) => view(await requestExport(ctx.knex, body.candidateId, actor)),
});

const adminFile = defineEndpoint({
  method: 'get',
  path: '/data-rights/exports/:id/file',
  summary: 'An admin downloads a prepared copy of a candidate’s data',
  access: adminAccess,
  input: { params: z.object({ id: id('dataExport') }) },
  raw: true,
  handler: async ({ params, actor, ctx, res }) => {
    const row = await ctx.knex<ExportRow>('data_exports').where('id', params.id).first();
    if (!row) throw notFound();
    await send(ctx.knex, ctx.config, res, row, actor);
  },
});

export const exportEndpoints = [mine, ask, ownFile, link, produce, adminFile];
