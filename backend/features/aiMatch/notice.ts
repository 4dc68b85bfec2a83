/**
 * The `matchFinished` notification: the admin who started a run hears when it ends, done or
 * failed, or cancelled by another admin (a run they cancelled themselves tells nobody), linked to
 * the run on /ai-match. One thread per run. Raised in the transaction that ends the run, so a run that does not end tells
 * nobody. A failed run says why in words of the catalogue: its `error` is a key (RUN_ERROR), and
 * an older run's free text is never quoted (it could be a database error with its SQL).
 */
import type { Knex } from 'knex';
import { hasText, t } from '../../../i18n';
import { entity } from '../../../schema';
import { fitTo } from '../../../schema/lib/fit';
import { formatId } from '../../../schema/lib/ids';
import type { Actor } from '../../../schema/roles';
import type { Config } from '../../config';
import { notify, adminRecipients } from '../notifications';

interface Ended {
  id: number;
  created_by_id: number | null;
  project_id: number | null;
  job_description: string;
  to_judge: number;
  judged: number;
  error: string | null;
}

/**
 * What a failed run's `error` holds: a key of the catalogue (i18n/sections/aiMatch.ts
 * aiMatch.runErrors), never an error's own message (a database error's would carry its SQL).
 */
export const RUN_ERROR = {
  failed: 'aiMatch.runErrors.failed',
  stopped: 'aiMatch.runErrors.stopped',
  model: 'aiMatch.runErrors.model',
  /** Every call failed for a rate limit or a time limit: wait, then run it again. */
  busy: 'aiMatch.runErrors.busy',
} as const;

/** A failed run's reason in words: its key's text, else (a run failed before keys were stored) the generic one. */
export const runErrorText = (error: string | null) => t(error && hasText(error) ? error : RUN_ERROR.failed);

export const runLink = (id: number) => `/ai-match?run=${String(formatId(entity('aiMatchRun'), id))}`;

/** What the admin recognises the run by: the project's title, else the description's first line. */
async function subjectOf(trx: Knex.Transaction, run: Ended): Promise<string> {
  const project = run.project_id ? await trx('projects').where('id', run.project_id).first('title') : undefined;
  const line = project?.title ?? run.job_description.split('\n').find((l) => l.trim()) ?? '';
  const text = line.trim();
  return fitTo(60, text);
}

export async function matchFinished(
  trx: Knex.Transaction,
  config: Config,
  run: Ended,
  outcome: 'done' | 'failed' | 'cancelled',
  actor?: Actor,
): Promise<void> {
  if (run.created_by_id === null) return;
  const admin = await adminRecipients(trx, [run.created_by_id]);
  if (!admin.length) return;
  const subject = await subjectOf(trx, run);
  await notify(
    trx,
    config,
    admin,
    {
      kind: 'matchFinished',
      subjectKey: `aiMatchRun:${run.id}`,
      link: runLink(run.id),
      title: () =>
        outcome === 'done'
          ? t('notifications.titles.matchDone', { subject, judged: run.judged, total: run.to_judge })
          : outcome === 'failed'
            ? t('notifications.titles.matchFailed', { subject, reason: runErrorText(run.error) })
            : t('notifications.titles.matchCancelled', { subject }),
    },
    actor,
  );
}
