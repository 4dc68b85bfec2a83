/** The graphile-worker runner: every background and scheduled job goes through it. */
import { Logger, run, runMigrations, type Runner, type TaskList } from 'graphile-worker';
import type { Config } from '../config';
import { createMailAdapter } from '../adapters/mail';
import { logger } from '../logger';
import { purgeExpiredTask } from './tasks/purge_expired';
import { sendEmailTask } from './tasks/send_email';

/** graphile-worker's messages go to the one logger, debug chatter dropped. */
export const workerLogger = new Logger((scope) => (level, message, meta) => {
  if (level === 'debug') return;
  const method = level === 'error' ? 'error' : level === 'warning' ? 'warn' : 'info';
  logger[method]({ ...scope, ...meta }, message);
});

export function taskList(config: Config): TaskList {
  return {
    send_email: sendEmailTask(createMailAdapter(config.smtpUrl, config.mailFrom)),
    purge_expired: purgeExpiredTask,
  };
}

/** Scheduled jobs (UTC). */
export const CRONTAB = ['0 3 * * * purge_expired ?fill=1d'].join('\n');

/** Creates graphile-worker's own tables, so jobs can be queued even where no worker runs. */
export async function migrateWorker(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, logger: workerLogger });
}

export async function startWorker(connectionString: string, config: Config, concurrency = 2): Promise<Runner> {
  const runner = await run({
    connectionString,
    taskList: taskList(config),
    crontab: CRONTAB,
    concurrency,
    noHandleSignals: true,
    pollInterval: 1000,
    logger: workerLogger,
  });
  logger.info({ concurrency }, 'worker started');
  return runner;
}
