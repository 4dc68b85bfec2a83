/**
 * The server's half of the terms and privacy notice: a candidate who accepted a version since replaced, or who declined
 * the one in force, may write nothing but their consents, their data rights (a copy of their data, an erasure, a
 * correction) and their sign-out (schema/rules/consents.ts, mayWriteWithoutNotice). Any other write answers 403
 * `consents.errors.noticePending` or `consents.errors.noticeDeclined`, so a page drawn before a new version was
 * published cannot slip a change through. A candidate who never answered (an account the curators opened, before its
 * first sign-in) meets the portal's dialog at sign-in, which nothing closes but an answer; the server does not refuse
 * them. Reads are never refused here.
 */
import type { RequestHandler } from 'express';
import { CONSENT_PURPOSES, mayWriteWithoutNotice, noticeStanding } from '../../../schema/rules/consents';
import { actorRefs } from '../../../schema/roles';
import { AppError } from '../../errors';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const noticeGate: RequestHandler = async (req, _res, next) => {
  const { candidateId } = actorRefs(req.actor);
  if (!candidateId || READS.has(req.method) || mayWriteWithoutNotice(req.path)) return next();
  try {
    const terms = (await req.ctx
      .knex('candidate_consents')
      .where({ candidate_id: candidateId, purpose: CONSENT_PURPOSES.terms })
      .first('granted', 'version')) as { granted: boolean; version: string | null } | undefined;
    const standing = noticeStanding(terms, req.ctx.config.dataRights.noticeVersion);
    if (standing === 'accepted' || !terms) return next();
    next(
      new AppError(403, standing === 'declined' ? 'consents.errors.noticeDeclined' : 'consents.errors.noticePending'),
    );
  } catch (err) {
    next(err);
  }
};
