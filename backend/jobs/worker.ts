/** The graphile-worker runner: every background and scheduled job goes through it. */
import { run, runMigrations, type Runner, type TaskList } from 'graphile-worker';
import type { Config } from '../config';
import { createMailAdapter } from '../adapters/mail';
import { logger } from '../logger';
import { sendEmailTask } from './tasks/send_email';

export function taskList(config: Config): TaskList {
  return {
    send_email: sendEmailTask(createMailAdapter(config.smtpUrl, config.mailFrom)),
  };
}

/** Creates graphile-worker's own tables, so jobs can be queued even where no worker runs. */
export async function migrateWorker(connectionString: string): Promise<void> {
  await runMigrations({ connectionString });
}

export async function startWorker(connectionString: string, config: Config, concurrency = 2): Promise<Runner> {
  const runner = await run({ connectionString, taskList: taskList(config), concurrency, noHandleSignals: true, pollInterval: 1000 });
  logger.info({ concurrency }, 'worker started');
  return runner;
}
