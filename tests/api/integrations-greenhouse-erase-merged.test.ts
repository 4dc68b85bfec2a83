/**
 * An erasure of a person whom a recruiter merged into another Greenhouse person before the product's next sync:
 * the link still names the merged-away id, which Greenhouse answers 404 for (`DELETE /candidates/{id}` as well).
 * The erasure follows the application first, as the sync does (`GET /applications/{id}` files it under the
 * survivor), and lists the survivor for the company, as it does once a sync has followed the merge; a 404 of the
 * merged id is never counted as erased, nor is the survivor, whom the product did not make, deleted.
 */
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import type { GreenhouseStandIn } from '../helpers/ats/greenhouse';
import {
  connectedForFile,
  greenhouseConnected,
  lastRun,
  ok,
  projectWith,
  type People,
  eraseForAts,
} from '../helpers/ats/world';
import { runJobs } from '../helpers/jobs';

let t: TestApp;
let gh: GreenhouseStandIn;
let p: People;
let id: number;

connectedForFile(greenhouseConnected, (made) => ({ t, gh, p, integrationId: id } = made));

const SHORTLIST = 2;

describe('An erasure after a merge in Greenhouse, before the next sync', () => {
  it('follows the application to the survivor and lists it for the company, deleting nothing', async () => {
    const {
      project: { id: project },
      candidates: [candidate],
    } = await projectWith(t, 'Greenhouse erase after merge', 1, SHORTLIST, 480);
    ok(await p.admin.put(`/integrations/project-job/${id}`, { projectId: project, jobId: '101' }), 'link');
    expect((await p.admin.put(`/integrations/manual/sync/${id}`)).status).toBe(200);
    await runJobs(t);
    expect(await lastRun(t, id)).toMatchObject({ created: 1, failed: 0 });
    const link = await t.knex('integration_links').where({ integration_id: id, local_kind: 2 }).first();
    expect(link).toMatchObject({ remote_person_created: true });

    // A recruiter merges the person the product made into the company's own, older person; no sync since.
    const own = { id: 4100, first_name: 'Own', last_name: 'Record', email: 'own-record@example.com' };
    gh.candidates.push({ ...own, created_at: '2020-01-01T00:00:00.000Z' });
    gh.mergePerson(Number(link.remote_candidate_id), own.id);

    const { requestId, records } = await eraseForAts(t, p, candidate);
    expect(records).toEqual([
      expect.objectContaining({
        remoteId: link.remote_id,
        remoteCandidateId: String(own.id),
        personCreated: false,
        outcome: 'listed',
        reason: 'notCreatedHere',
      }),
    ]);
    // The survivor and the application filed under it are the company's: nothing deleted.
    expect(gh.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    expect(gh.candidates.some((c) => c.id === own.id)).toBe(true);
    expect(gh.applications.find((a) => String(a.id) === link.remote_id)).toMatchObject({ candidateId: own.id });
    // The company is told to erase the application in Greenhouse itself.
    const told = await t
      .knex('outbox_emails')
      .where({ to: 'owner@acme.example.com', subject: 'Records to erase in your ATS' })
      .pluck('text');
    expect(told.some((text: string) => text.includes(`Greenhouse: record ${link.remote_id}`))).toBe(true);
    const logged = await t.knex('data_rights_logs').where({ candidate_id: candidate, action: 7 }).first('detail');
    expect(logged.detail).toMatchObject({ requestId, erased: 0, listed: 1, failed: 0 });
  });
});
