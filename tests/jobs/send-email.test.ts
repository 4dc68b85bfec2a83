/**
 * The send_email job: queued with its outbox row in one transaction, run by graphile-worker with
 * the real task list, delivering through SMTP when configured (a real SMTP server on loopback
 * here) and keeping the message in the outbox when not. Running it twice sends once.
 */
import { Logger } from 'graphile-worker';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../backend/config';
import { queueEmail } from '../../backend/services/mail/outbox';
import { taskList, workerLogger } from '../../backend/jobs/worker';
import { logger } from '../../backend/logger';
import { testApp, TEST_SECRET, type TestApp } from '../helpers/app';
import { runJobsOnce } from '../helpers/jobs';
import { smtpSink } from '../helpers/smtp';

const silent = new Logger(() => () => {});

describe('The send_email job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });

  const work = (smtpUrl?: string) =>
    runJobsOnce(
      { connectionString: t.url, logger: silent, noHandleSignals: true },
      taskList(loadConfig({ secret: TEST_SECRET, env: 'test', smtpUrl })),
    );

  /** The queued send_email jobs, with their payloads. */
  const jobs = async () =>
    (
      await t.knex.raw(
        `select j.payload, j.attempts, j.last_error from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id where k.identifier = 'send_email' order by j.id`,
      )
    ).rows as { payload: { id: number }; attempts: number; last_error: string | null }[];

  const noJobsLeft = async () => expect(await jobs()).toEqual([]);

  const outboxRow = async (to: string) => t.knex('outbox_emails').where('to', to).orderBy('id', 'desc').first();

  async function askForCode(email: string) {
    await t.http.post('/api/v1/auth/send-email-otp').send({ email }).expect(200);
    return outboxRow(email);
  }

  it('Asking for a sign-in code queues a send_email job for its outbox row', async () => {
    const row = await askForCode('admin@example.com');
    expect(row).toMatchObject({ status: 0, sent_at: null });
    // The job also names the request that queued it (its X-Request-Id), for the logs.
    expect((await jobs()).map((j) => j.payload)).toContainEqual({ id: row.id, requestId: expect.any(String) });
  });

  it('An email whose transaction rolls back leaves neither an outbox row nor a job', async () => {
    const before = await jobs();
    await expect(
      t.knex.transaction(async (trx) => {
        await queueEmail(trx, { to: 'rollback@example.com', subject: 'Never sent', text: 'Never sent' });
        throw new Error('the change that caused the email failed');
      }),
    ).rejects.toThrow('failed');
    expect(await outboxRow('rollback@example.com')).toBeUndefined();
    expect(await jobs()).toEqual(before);
  });

  it('Without SMTP the worker keeps the email in the outbox, marked stored', async () => {
    const row = await askForCode('advocate@example.com');
    await work(undefined);
    expect(await outboxRow('advocate@example.com')).toMatchObject({ id: row.id, status: 2, sent_at: expect.any(Date) });
    await noJobsLeft();
  });

  describe('with an SMTP server', () => {
    let smtp: Awaited<ReturnType<typeof smtpSink>>;
    beforeAll(async () => {
      smtp = await smtpSink();
    });
    afterAll(async () => {
      await smtp.close();
    });

    it('delivers the email once and marks it sent, however often the job runs', async () => {
      const row = await askForCode('owner@acme.example.com');
      const code = await t.lastCode('owner@acme.example.com');
      await work(smtp.url);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].to).toEqual(['owner@acme.example.com']);
      expect(smtp.received[0].raw).toMatch(new RegExp(`^Subject: ${code} is your .* sign-in code`, 'm'));
      expect(smtp.received[0].raw).toContain(code);
      expect(await outboxRow('owner@acme.example.com')).toMatchObject({
        id: row.id,
        status: 1,
        sent_at: expect.any(Date),
      });
      await noJobsLeft();

      await t.knex.raw('select graphile_worker.add_job(?, json_build_object(?::text, ?::int))', [
        'send_email',
        'id',
        row.id,
      ]);
      await work(smtp.url);
      expect(smtp.received, 'the second run sends nothing').toHaveLength(1);
      await noJobsLeft();
    });
  });

  it('A refusing SMTP server leaves the email queued for a retry; neither the log nor the queue keeps the address', async () => {
    const refusing = await smtpSink(true);
    const stream = (logger as unknown as Record<symbol, { write(line: string): void }>)[pino.symbols.streamSym];
    const lines: string[] = [];
    const write = vi.spyOn(stream, 'write').mockImplementation((line: string) => void lines.push(line));
    const level = logger.level;
    logger.level = 'info';
    try {
      const row = await askForCode('member@acme.example.com');
      await runJobsOnce(
        { connectionString: t.url, logger: workerLogger, noHandleSignals: true },
        taskList(loadConfig({ secret: TEST_SECRET, env: 'test', smtpUrl: refusing.url })),
      );
      expect(await outboxRow('member@acme.example.com')).toMatchObject({ id: row.id, status: 0, sent_at: null });
      const [job] = (await jobs()).filter((j) => j.payload.id === row.id);
      expect(job).toMatchObject({ attempts: 1, last_error: expect.stringContaining('Mailbox unavailable') });
      expect(job.last_error).not.toContain('member@acme.example.com');
      expect(lines.some((l) => l.includes('Failed task'))).toBe(true);
      expect(lines.filter((l) => l.includes('member@acme.example.com'))).toEqual([]);
    } finally {
      logger.level = level;
      write.mockRestore();
      await refusing.close();
    }
  });
});
