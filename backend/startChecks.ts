/**
 * What a process checks before it starts (`npm start` and `npm run worker`), so a wrong setting stops it at once with
 * every problem named, rather than surfacing later as a failed request or, worse, a success that did nothing:
 *
 * - everywhere: `WORKER` is `on` or `off` (another word, such as `false`, would otherwise leave the worker running),
 *   `WORKER_CONCURRENCY` is a whole number of at least 3 (imports and AI match runs each hold a slot for minutes, and
 *   sign-in codes need one), a set `ATS_ENCRYPTION_KEY` is 32 bytes (otherwise the first integration connected fails),
 *   and a set `CV_MAX_MB` is the document size the product states (schema/rules/documents.ts DOCUMENT_MAX_MB: the
 *   browsers' checks, the upload hints and every message that names the limit are built from it, so a server limit of
 *   its own, above or below, would make them wrong);
 * - in production: `DATABASE_URL`, since without it `npm start` would quietly start a private embedded PostgreSQL of
 *   its own (db/database.ts) and `npm run worker` would look for one on 127.0.0.1, each process on data of its own;
 *   `SMTP_URL`, since sign-in is by emailed code and every invitation and notice goes by email (without it they would
 *   only be stored, while the sign-in screen says a code was sent); and `PUBLIC_URL`, which every emailed link is made
 *   from (it would otherwise point at localhost).
 */
import { encryptionKey } from './adapters/ats/secrets';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_MB } from '../schema/rules/documents';
import type { Config } from './config';

export function startProblems(config: Config, env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  if (env.WORKER !== undefined && env.WORKER !== '' && !['on', 'off'].includes(env.WORKER))
    problems.push(`WORKER must be 'on' or 'off', got '${env.WORKER}'`);
  const concurrency = env.WORKER_CONCURRENCY;
  if (concurrency !== undefined && concurrency !== '' && !(/^\d+$/.test(concurrency) && Number(concurrency) >= 3))
    problems.push(
      `WORKER_CONCURRENCY must be a whole number of at least 3 (imports and AI match runs each hold a slot for minutes), got '${concurrency}'`,
    );
  if (config.cv.maxBytes !== DOCUMENT_MAX_BYTES)
    problems.push(
      `CV_MAX_MB must be ${DOCUMENT_MAX_MB}, the largest document the product's checks and messages name (change DOCUMENT_MAX_MB in schema/rules/documents.ts instead), got '${env.CV_MAX_MB}'`,
    );
  try {
    encryptionKey(config.ats.encryptionKey, config.secret);
  } catch (error) {
    problems.push((error as Error).message);
  }
  if (config.env === 'production') {
    if (!config.databaseUrl?.trim())
      problems.push(
        'DATABASE_URL must be set in production: without it the process would use a private embedded PostgreSQL of its own',
      );
    if (!config.smtpUrl)
      problems.push('SMTP_URL must be set in production: sign-in codes and every other email go out by mail');
    if (!env.PUBLIC_URL?.trim())
      problems.push('PUBLIC_URL must be set in production: the links in emails are made from it');
  }
  return problems;
}

/** Stops the start with every problem named, one per line. */
export function assertStartable(config: Config): void {
  const problems = startProblems(config);
  if (problems.length) throw new Error(`The configuration cannot run:\n- ${problems.join('\n- ')}`);
}
