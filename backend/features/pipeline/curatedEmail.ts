/**
 * The owner's batched email about newly curated candidates is queued by the curation that causes
 * it (curation.ts, and the projects' own curate call): one pending `email_curated_candidates` job
 * per project (job key), run no earlier than a day after the last such email. The job writes the
 * email with projects' notices (`sendCuratedEmail`).
 */
import type { Knex } from 'knex';
import { queueJob } from '../../services/queue';

export const CURATED_EMAIL_TASK = 'email_curated_candidates' as const;

/** Queues the project's curated-candidates email (one pending job per project, at most one email a day). */
export async function queueCuratedEmail(trx: Knex | Knex.Transaction, projectId: number): Promise<void> {
  await queueJob(
    trx,
    CURATED_EMAIL_TASK,
    { projectId },
    {
      runAt: trx.raw(
        `greatest(now(), coalesce((select last_curated_email_at + interval '1 day' from projects where id = ?), now()))`,
        [projectId],
      ),
      maxAttempts: 10,
      jobKey: `curated-email:${projectId}`,
      jobKeyMode: 'preserve_run_at',
    },
  );
}
