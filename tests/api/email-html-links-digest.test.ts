/**
 * The saved-search digest's HTML part links the new candidates' list and the unsubscribe page (the text part keeps
 * both URLs, and the List-Unsubscribe headers stay); a candidate's typed name stays escaped text, never a link.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../backend/services/mail/outbox';
import { matchAlerts, titledCandidate } from '../helpers/alerts';
import { runJobs } from '../helpers/jobs';
import { htmlLinks } from '../helpers/mailbox';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

let w: PipelineWorld;
const OWNER = 'owner@acme.example.com';
const EVIL_NAME = '<a href="http://evil">x</a>';

beforeAll(async () => {
  w = await pipelineWorld();
}, 120_000);

describe("The digest's links in its HTML part", () => {
  it('links the new candidates and the unsubscribe page; a typed name stays text', async () => {
    const acme = `Project:${w.projects.acme}`;
    const on = await w.as('company').put(`/alerts/projects/${acme}`, { on: true, frequency: 'daily', timeZone: 'UTC' });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const id = await titledCandidate(w, 'Linkname', 'Software Engineer', {
      lastName: 'Digest',
      domain: 'links.example.org',
    });
    await w
      .knex('candidates')
      .where('id', Number(id.replace(/\D/g, '')))
      .update({
        first_name: EVIL_NAME,
        last_name: 'http://evil.example',
      });
    await matchAlerts(w);
    await w.knex('alert_subscriptions').update({ digest_handled_at: w.knex.raw("now() - interval '8 days'") });
    await w.knex.raw('select graphile_worker.add_job(?)', ['send_alert_digests']);
    await runJobs(w.t, w.t.config);

    const digest = (await listOutbox(w.knex, OWNER, 20)).find((m) => /new candidate/.test(m.subject));
    expect(digest, 'no digest').toBeDefined();
    const base = w.t.config.publicUrl;
    const open = new RegExp(`${base}/project/\\S+`).exec(digest!.text)?.[0];
    const stop = new RegExp(`${base}/api/v1/alerts/unsubscribe\\?\\S+`).exec(digest!.text)?.[0];
    expect(open && stop, digest!.text).toBeTruthy();
    expect(htmlLinks(digest!.html)).toEqual([
      { href: open, words: 'See the new candidates' },
      { href: stop, words: 'Unsubscribe' },
    ]);
    expect(digest!.headers).toMatchObject({
      'List-Unsubscribe': `<${stop}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(digest!.text).toContain(`${EVIL_NAME} http://evil.example`);
    expect(digest!.html).toContain('&#60;a href=&#34;http://evil&#34;&#62;x&#60;/a&#62; http://evil.example');
    expect(digest!.html).not.toContain('<a href="http://evil');
  });
});
