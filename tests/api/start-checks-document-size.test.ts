/**
 * The document size limit has one source, the size the product states (schema/rules/documents.ts DOCUMENT_MAX_MB):
 * the browsers' checks, the upload hints and every refusal name it. `npm start` refuses a CV_MAX_MB that would make the
 * server's limit another (the messages would lie about the largest file accepted), and takes one that restates it.
 */
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_MB } from '../../schema/rules/documents';
import { startEntry } from '../helpers/startEntry';

/** Settings that stop at the checks whatever else (production without SMTP_URL), so no start goes on to a database. */
const STOPPED = {
  NODE_ENV: 'production',
  APP_SECRET: 'start-checks-secret',
  DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
  SMTP_URL: undefined,
  PUBLIC_URL: 'https://talent.example.org',
};

describe('A CV size limit other than the one the product states', () => {
  it('stops npm start with the setting named, and one that restates it passes', { timeout: 200_000 }, async () => {
    const [above, below, same] = await Promise.all(
      [DOCUMENT_MAX_MB * 5, 1, DOCUMENT_MAX_MB].map((mb) =>
        startEntry('scripts/start.ts', { ...STOPPED, CV_MAX_MB: String(mb) }),
      ),
    );
    for (const [mb, run] of [
      [DOCUMENT_MAX_MB * 5, above],
      [1, below],
    ] as const) {
      expect(run.code).not.toBe(0);
      expect(run.output).toContain('The configuration cannot run');
      expect(run.output).toContain(`CV_MAX_MB must be ${DOCUMENT_MAX_MB}`);
      expect(run.output).toContain(`got '${mb}'`);
    }
    expect(same.output).toContain('SMTP_URL must be set in production');
    expect(same.output).not.toContain('CV_MAX_MB');
  });
});
