/**
 * A copy of a candidate's data holds the notes written about them: a company's (by the company, not
 * by the user who wrote it) and our team's, those only admins read too, with who may read each in words; never
 * another candidate's.
 * And the saved-search alerts they appeared in: a company's project they are on by name, any other
 * company's as "a company", an alert to our team as ours; never another candidate's.
 */
import { strFromU8 } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALERT_NEWS_STATE, ALERT_RECIPIENT_KIND } from '../../schema/entities/alert';
import { NOTE_VISIBILITY, STAGES } from '../../schema/rules/pipeline';
import type { Client } from '../helpers/actors';
import { adminExportFiles } from '../helpers/dataExport';
import { pipelineWorld, type PipelineWorld } from '../helpers/pipeline';

const M = 'nzqw';
let w: PipelineWorld;
let admin: Client;
let candidateId: number;
let otherId: number;
let files: Record<string, Uint8Array>;

type Http = { status: number; body: unknown };
const ok = (res: Http, what: string) => expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
const json = (name: string) => JSON.parse(strFromU8(files[name])) as Record<string, unknown>[];

/** A subscription to `projectId`'s saved search and its news about `candidate`. */
async function alerted(projectId: number, kind: number, recipientId: number, candidate: number, emailed = false) {
  const [s] = await w
    .knex('alert_subscriptions')
    .insert({ project_id: projectId, recipient_kind: kind, recipient_id: recipientId })
    .onConflict(['project_id', 'recipient_kind', 'recipient_id'])
    .merge({ frequency: 1 })
    .returning('id');
  await w.knex('alert_news').insert({
    subscription_id: s.id,
    project_id: projectId,
    candidate_id: candidate,
    state: ALERT_NEWS_STATE.new,
    emailed_at: emailed ? new Date() : null,
  });
}

beforeAll(async () => {
  w = await pipelineWorld();
  admin = w.as('admin');
  candidateId = w.ids.Chloe;
  const other = Object.keys(w.ids).find((n) => n !== 'Chloe')!;
  otherId = w.ids[other];
  const acme = `Project:${w.projects.acme}`;
  await w.place(w.projects.acme, 'Chloe', STAGES.shortlist, { revealed_at: new Date() });
  await w.place(w.projects.acme, other, STAGES.shortlist, { revealed_at: new Date() });

  const note = (who: Client, candidate: string, text: string, visibility?: number) =>
    who.post('/candidate-note', { projectId: acme, candidateId: candidate, note: text, visibility });
  ok(await note(w.as('company'), w.cid('Chloe'), `${M}company: strong on payments`), 'a company note');
  ok(
    await note(admin, w.cid('Chloe'), `${M}admin: asked us not to share her salary`, NOTE_VISIBILITY.adminsOnly),
    'an admin note',
  );
  ok(await note(w.as('company'), w.cid(other), `${M}other: not for Chloe's copy`), "another candidate's note");

  // Alerts: Acme's saved search (Chloe is on that board), Globex's (she is not), an advocate's, and the other's.
  await alerted(w.projects.acme, ALERT_RECIPIENT_KIND.companyUser, w.people.owner, candidateId, true);
  await alerted(w.projects.acme, ALERT_RECIPIENT_KIND.companyUser, w.people.member, candidateId);
  await alerted(w.projects.acme, ALERT_RECIPIENT_KIND.admin, w.people.advocate, candidateId);
  await alerted(w.projects.globex, ALERT_RECIPIENT_KIND.companyUser, w.people.globexUser, candidateId);
  await alerted(w.projects.globex, ALERT_RECIPIENT_KIND.companyUser, w.people.globexUser, otherId);
  files = await adminExportFiles(w.t, w.tokens.admin, candidateId);
}, 240_000);

describe("A copy of a candidate's data", () => {
  it('holds the notes about them, company and admin ones, labelled at company level', async () => {
    const notes = json('notes.json');
    expect(notes).toHaveLength(2);
    expect(notes).toContainEqual(
      expect.objectContaining({
        note: `${M}company: strong on payments`,
        writtenBy: 'Acme',
        project: 'Acme engineers',
        deletedAt: null,
      }),
    );
    expect(notes).toContainEqual(
      expect.objectContaining({
        note: `${M}admin: asked us not to share her salary`,
        writtenBy: 'Our team',
      }),
    );
    const text = strFromU8(files['notes.json']);
    expect(text).not.toContain(`${M}other`);
    // Not the individual writers.
    const authors = await w.knex('candidate_notes').where('candidate_id', candidateId).pluck('author_name');
    for (const name of authors.filter(Boolean)) expect(text).not.toContain(name);
    expect(text).not.toMatch(/@/);
    // Nothing about the other candidate anywhere in the copy.
    for (const [name, bytes] of Object.entries(files))
      if (name.endsWith('.json')) expect(strFromU8(bytes), name).not.toContain(`${M}other`);
    expect(strFromU8(files['README.txt'])).toContain('notes.json');
  });

  it('says in words who may read each note, the admins-only ones included word for word', async () => {
    const notes = json('notes.json');
    const visibleTo = Object.fromEntries(notes.map((n) => [n.note, n.visibleTo]));
    expect(visibleTo).toEqual({
      [`${M}company: strong on payments`]: 'Our team and the company whose project the note is in',
      [`${M}admin: asked us not to share her salary`]: 'Our team only',
    });
    expect(strFromU8(files['notes.json'])).not.toMatch(/adminsOnly|companyToo/);
  });

  it('holds the alerts they appeared in, naming only a company whose project they are on', async () => {
    const alerts = json('alerts.json');
    expect(alerts).toHaveLength(3);
    expect(alerts).toContainEqual(
      expect.objectContaining({ alertedTo: 'Acme', project: 'Acme engineers', stillMatching: true }),
    );
    expect(alerts.find((a) => a.alertedTo === 'Acme')?.firstEmailedAt).toEqual(expect.any(String));
    expect(alerts).toContainEqual(expect.objectContaining({ alertedTo: 'Our team', project: 'Acme engineers' }));
    expect(alerts).toContainEqual(expect.objectContaining({ alertedTo: 'a company', project: null }));
    const text = strFromU8(files['alerts.json']);
    expect(text).not.toMatch(/Globex/);
    expect(text).not.toMatch(/@/);
    expect(strFromU8(files['README.txt'])).toContain('alerts.json');
  });
});
