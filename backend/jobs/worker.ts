/** The graphile-worker runner: every background and scheduled job goes through it. */
import { Logger, run, type Runner, type Task, type TaskList } from 'graphile-worker';
import type { Knex } from 'knex';
import type { Config } from '../config';
import { createMailAdapter, type MailAdapter } from '../adapters/mail';
import type { WorkerPulse } from '../http/readiness';
import { logContext, logger, redact } from '../logger';
import { emailsSent, jobDuration, jobsCompleted } from '../metrics';
import { pgPoolOf } from '../db/sharedPool';
import { closeWorkerKnex, openWorkerKnex, shareWorkerKnex, workerConnections, workerKnex } from './connection';
import { applyRetentionTask } from './tasks/apply_retention';
import { carryOutErasuresTask } from './tasks/carry_out_erasures';
import { eraseAtsRecordsTask } from './tasks/erase_ats_records';
import { deleteErasedFilesTask } from './tasks/delete_erased_files';
import { prepareDataExportTask } from './tasks/prepare_data_export';
import { emailCuratedCandidatesTask } from './tasks/email_curated_candidates';
import { expireCreditsTask } from './tasks/expire_credits';
import { expireCheckoutsTask } from './tasks/expire_checkouts';
import { forwardAnalyticsTask } from './tasks/forward_analytics';
import { followUpChatMessageTask } from './tasks/follow_up_chat_message';
import { notifyCreditsLowTask } from './tasks/notify_credits_low';
import { notifyExpiringCreditsTask } from './tasks/notify_expiring_credits';
import { importCandidatesTask } from './tasks/import_candidates';
import { maintainLogPartitionsTask } from './tasks/maintain_log_partitions';
import { purgeCvUploadsTask } from './tasks/purge_cv_uploads';
import { purgeExpiredTask } from './tasks/purge_expired';
import { refreshPopularCandidatesTask } from './tasks/refresh_popular_candidates';
import { refreshSearchTermsTask } from './tasks/refresh_search_terms';
import { rollupDailyTask } from './tasks/rollup_daily';
import { renewPowerProjectsTask } from './tasks/renew_power_projects';
import { findTwinsTask, scanDuplicatesTask } from './tasks/scan_duplicates';
import { scrubBlindCvsTask } from './tasks/scrub_blind_cvs';
import { sendEmailTask } from './tasks/send_email';
import { expireInterviewRequestsTask } from './tasks/expire_interview_requests';
import { sendInterviewRequestTask } from './tasks/send_interview_request';
import { sendWhatsappMessageTask } from './tasks/send_whatsapp_message';
import { scheduleIntegrationSyncsTask } from './tasks/schedule_integration_syncs';
import { syncIntegrationTask } from './tasks/sync_integration';
import { matchCandidatesTask } from './tasks/match_candidates';
import { matchAlertsTask } from './tasks/match_alerts';
import { sendAlertDigestsTask } from './tasks/send_alert_digests';
import { suggestedLiveTask } from './tasks/suggested_live';

let stopping = false;

/**
 * Called when the product shuts down: Ctrl-C in a terminal also reaches PostgreSQL, which then
 * closes the worker's connections while it stops; those expected disconnections are not errors.
 */
export function workerStopping(): void {
  stopping = true;
}

/** graphile-worker's messages go to the one logger, debug chatter dropped. */
export const workerLogger = new Logger((scope) => (level, message, meta) => {
  if (level === 'debug' || (stopping && level === 'error')) return;
  const method = level === 'error' ? 'error' : level === 'warning' ? 'warn' : 'info';
  // A failed job's line quotes the error's message: redacted like every error (logger.ts), the job's row left out.
  const { job, ...rest } = (meta ?? {}) as { job?: { id?: string; task_identifier?: string } };
  logger[method](
    { ...scope, ...rest, ...(job ? { jobId: job.id, jobTask: job.task_identifier } : {}) },
    redact(message),
  );
});

/**
 * Every task; `connectionString` is the database the worker serves (default DATABASE_URL). Tasks
 * run on the job's connection (helpers.query / withPgClient) or, where capability code is written
 * against Knex, on the worker's one pool (./connection.ts), the same the runner draws from; none
 * opens a pool of its own.
 */
export function taskList(config: Config, connectionString = config.databaseUrl): TaskList {
  const db = workerKnex(connectionString);
  return traced({
    send_email: sendEmailTask(countedMail(createMailAdapter(config.smtpUrl, config.mailFrom))),
    purge_expired: purgeExpiredTask,
    refresh_popular_candidates: refreshPopularCandidatesTask,
    refresh_search_terms: refreshSearchTermsTask,
    import_candidates: importCandidatesTask(config, connectionString, db),
    purge_cv_uploads: purgeCvUploadsTask(config),
    expire_credits: expireCreditsTask(db),
    expire_checkouts: expireCheckoutsTask(config, db),
    send_interview_request: sendInterviewRequestTask(config, db),
    send_whatsapp_message: sendWhatsappMessageTask(config, db),
    expire_interview_requests: expireInterviewRequestsTask,
    renew_power_projects: renewPowerProjectsTask(config, db),
    email_curated_candidates: emailCuratedCandidatesTask(config, db),
    rollup_daily: rollupDailyTask(db),
    forward_analytics: forwardAnalyticsTask(config, db),
    maintain_log_partitions: maintainLogPartitionsTask(config, db),
    follow_up_chat_message: followUpChatMessageTask(config, db),
    notify_credits_low: notifyCreditsLowTask(config, db),
    notify_expiring_credits: notifyExpiringCreditsTask(config, db),
    sync_integration: syncIntegrationTask(config, db),
    schedule_integration_syncs: scheduleIntegrationSyncsTask(db),
    match_candidates: matchCandidatesTask(config, db),
    scan_duplicates: scanDuplicatesTask(db),
    find_twins: findTwinsTask(db),
    carry_out_erasures: carryOutErasuresTask(config, db),
    erase_ats_records: eraseAtsRecordsTask(config, db),
    delete_erased_files: deleteErasedFilesTask(config),
    prepare_data_export: prepareDataExportTask(config, db),
    apply_retention: applyRetentionTask(config, db),
    match_alerts: matchAlertsTask(config, db),
    send_alert_digests: sendAlertDigestsTask(config, db),
    suggested_live: suggestedLiveTask(db),
    scrub_blind_cvs: scrubBlindCvsTask(config, db),
  });
}

/**
 * Each task runs in the logger's context of its job: every line it writes carries the job's id,
 * its task and the id of the request that queued it (`requestId`, stamped by the database).
 */
function traced(tasks: TaskList): TaskList {
  return Object.fromEntries(
    Object.entries(tasks).map(([task, fn]) => [
      task,
      ((payload, helpers) => {
        const requestId = (payload as { requestId?: unknown } | null)?.requestId;
        const reqId = typeof requestId === 'string' ? requestId : undefined;
        // The queue keeps a failed job's message (its last_error) as long as the job: kept redacted too.
        return logContext.run({ reqId, job: helpers.job.id, task }, async () => {
          try {
            return await (fn as Task)(payload, helpers);
          } catch (err) {
            throw redactedError(err);
          }
        });
      }) as Task,
    ]),
  );
}

/** `err` with its message and stack redacted (logger.ts), for the queue's record of the failure. */
function redactedError(err: unknown): Error {
  if (!(err instanceof Error)) return new Error(redact(String(err)));
  const safe = new Error(redact(err.message));
  safe.name = err.name;
  safe.stack = [`${safe.name}: ${safe.message}`, ...(err.stack ?? '').split('\n').slice(1)].join('\n');
  return safe;
}

/** Emails counted by outcome for the metrics. */
function countedMail(mail: MailAdapter): MailAdapter {
  return {
    async send(email) {
      try {
        const outcome = await mail.send(email);
        emailsSent.inc({ outcome });
        // The job's context adds its id and the request that queued it; the address and text stay out of logs.
        logger.info({ outcome }, 'email');
        return outcome;
      } catch (err) {
        emailsSent.inc({ outcome: 'failed' });
        throw err;
      }
    },
  };
}

/**
 * A crontab line for `task`, keyed by the task's name (graphile-worker 0.17's crontab options `jobKey` and
 * `jobKeyMode=preserve_run_at`). Without a key every tick adds a job of its own, retried 25 times with a back-off of up
 * to hours: with a service down, a job run every minute piles up thousands ahead of every other job (taken in run_at
 * order, emails among them). With it a tick finds the job of the last one still waiting (due, or failed and waiting
 * for its retry) and takes its place: one job per task waits at a time, the one already due keeping its time
 * (preserve_run_at; a failed one is due at the new tick, its attempts counted afresh). A tick while the job runs adds
 * one for after it (the running one is let finish, not retried). Jobs queued by hand with the same key
 * (refresh_search_terms, scan_duplicates) are the same job. `options`: further crontab options (`fill`, `max`, `queue`).
 */
const scheduled = (schedule: string, task: string, options: Record<string, string | number> = {}) =>
  `${schedule} ${task} ?${new URLSearchParams({ ...options, jobKey: task, jobKeyMode: 'preserve_run_at' })}`;

/**
 * What runs every few minutes tries FREQUENT_MAX_ATTEMPTS times (a blip is retried within seconds), then waits for
 * its next tick, and runs one at a time in a queue of its own (`queue`): a run slower than its period (the analytics
 * service answering in 15 s a call) is not joined by the next.
 */
export const FREQUENT_MAX_ATTEMPTS = 3;
const frequent = (schedule: string, task: string) =>
  scheduled(schedule, task, { max: FREQUENT_MAX_ATTEMPTS, queue: task });

/** Scheduled jobs (UTC). */
export const CRONTAB = [
  scheduled('0 3 * * *', 'purge_expired', { fill: '1d' }),
  scheduled('17 * * * *', 'refresh_popular_candidates', { fill: '1h' }),
  scheduled('40 2 * * *', 'refresh_search_terms', { fill: '1d' }),
  scheduled('20 * * * *', 'purge_cv_uploads', { fill: '1h' }),
  scheduled('5 0 * * *', 'expire_credits', { fill: '1d' }),
  scheduled('25 * * * *', 'expire_checkouts', { fill: '1h' }),
  scheduled('15 8 * * *', 'notify_expiring_credits', { fill: '1d' }),
  scheduled('10 * * * *', 'expire_interview_requests', { fill: '1h' }),
  scheduled('35 * * * *', 'renew_power_projects', { fill: '1h' }),
  scheduled('7 * * * *', 'rollup_daily', { fill: '1h' }),
  scheduled('50 1 * * *', 'maintain_log_partitions', { fill: '1d' }),
  scheduled('45 * * * *', 'schedule_integration_syncs', { fill: '1h' }),
  scheduled('30 3 * * *', 'scan_duplicates', { fill: '1d' }),
  scheduled('55 * * * *', 'carry_out_erasures', { fill: '1h' }),
  scheduled('40 4 * * *', 'apply_retention', { fill: '1d' }),
  // Saved-search alerts: matching every 10 minutes, digests checked hourly (each is due at 08:00 of its person's zone).
  frequent('*/10 * * * *', 'match_alerts'),
  scheduled('12 * * * *', 'send_alert_digests', { fill: '1h' }),
].join('\n');

/** The schedule a worker runs: every job above, and analytics forwarding once a service is configured. */
export function crontabFor(config: Config): string {
  return config.analytics ? `${CRONTAB}\n${frequent('* * * * *', 'forward_analytics')}` : CRONTAB;
}

/** Jobs run here, by task and outcome, and their time. */
function countJobs(runner: Runner): void {
  const started = new Map<string, number>();
  runner.events.on('job:start', ({ job }) => void started.set(job.id, performance.now()));
  runner.events.on('job:success', ({ job }) => jobsCompleted.inc({ task: job.task_identifier, outcome: 'success' }));
  runner.events.on('job:error', ({ job }) => {
    // The last attempt's failure is counted as 'failed' below.
    if (job.attempts < job.max_attempts) jobsCompleted.inc({ task: job.task_identifier, outcome: 'error' });
  });
  runner.events.on('job:failed', ({ job }) => jobsCompleted.inc({ task: job.task_identifier, outcome: 'failed' }));
  runner.events.on('job:complete', ({ job }) => {
    const at = started.get(job.id);
    started.delete(job.id);
    if (at !== undefined) jobDuration.observe({ task: job.task_identifier }, (performance.now() - at) / 1000);
  });
}

export interface Worker {
  /**
   * Stops taking jobs and lets the running ones finish within `withinMs`; those still running then
   * are released (failed with the shutdown as their error), so another worker retries them.
   */
  stop(withinMs?: number): Promise<void>;
  promise: Runner['promise'];
  /** Whether the worker is alive, for the readiness check: it asked for a job recently or is running one. */
  pulse: WorkerPulse;
}

const POLL_INTERVAL_MS = 1000;

/**
 * Starts the runner of `concurrency` jobs on one pool: `knex` when given (`npm run worker` hands in
 * the process's one pool), else the worker's own, bounded to what the runner and its tasks need
 * together (workerConnections). graphile-worker borrows it through db/sharedPool.ts;
 * a connection PostgreSQL closes is logged and replaced by Knex, never an unhandled 'error' event.
 * Four named queues run one job at a time each: two hold theirs for minutes (imports, AI match runs), and
 * the frequent scheduled ones for seconds (match_alerts, forward_analytics: crontabFor). The default of three
 * leaves a slot for every other job (emails, sign-in codes) while the long two run; a scheduled run takes the
 * last for its seconds only, and a failing one retries at most FREQUENT_MAX_ATTEMPTS times before the next tick.
 */
export async function startWorker(
  connectionString: string,
  config: Config,
  concurrency = 3,
  knex?: Knex,
): Promise<Worker> {
  if (knex) shareWorkerKnex(connectionString, knex);
  const pgPool = pgPoolOf(openWorkerKnex(connectionString, workerConnections(concurrency)));
  const runner = await run({
    pgPool,
    taskList: taskList(config, connectionString),
    crontab: crontabFor(config),
    concurrency,
    noHandleSignals: true,
    pollInterval: POLL_INTERVAL_MS,
    logger: workerLogger,
  });
  // A poll that found no job, or a job taken, proves the worker reaches the database; a poll that failed does not.
  let lastPoll: number | undefined = Date.now();
  let running = 0;
  let stopped = false;
  const beat = () => void (lastPoll = Date.now());
  runner.events.on('worker:getJob:empty', beat);
  runner.events.on('job:start', () => {
    beat();
    running += 1;
  });
  runner.events.on('job:complete', () => {
    beat();
    running = Math.max(0, running - 1);
  });
  countJobs(runner);
  logger.info({ concurrency }, 'worker started');
  return {
    promise: runner.promise,
    pulse: {
      lastPoll: () => (stopped ? undefined : running > 0 ? Date.now() : lastPoll),
      staleAfterMs: Math.max(5000, 5 * POLL_INTERVAL_MS),
    },
    stop: async (withinMs = config.shutdownTimeoutMs) => {
      stopped = true;
      const finished = runner.stop().then(
        () => true,
        () => true,
      );
      const bound = new Promise<false>((resolve) => setTimeout(() => resolve(false), withinMs).unref());
      if (!(await Promise.race([finished, bound]))) {
        logger.warn({ withinMs }, 'worker: jobs still running at the shutdown bound are released for a retry');
        await runner.kill('shutdown bound reached').catch(() => {});
      }
      await closeWorkerKnex();
    },
  };
}
