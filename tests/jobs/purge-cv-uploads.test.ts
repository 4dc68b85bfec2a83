import { beforeAll, describe, expect, it } from 'vitest';
import { storageFor } from '../../backend/adapters/storage/select';
import { CRONTAB } from '../../backend/jobs/worker';
import { pdfOf, SG_ENGINEER } from '../helpers/cvs';
import { bearer, candidatePayload, talentWorld, type TalentWorld } from '../helpers/talent';
import { runJobs } from '../helpers/jobs';

describe('The hourly purge of unused CV files', () => {
  let w: TalentWorld;
  beforeAll(async () => {
    w = await talentWorld();
  });

  const upload = async () =>
    (
      await w.t.http
        .post('/api/v1/candidates/cv-data')
        .set(bearer(w.admin))
        .attach('file', await pdfOf(SG_ENGINEER), 'cv.pdf')
        .expect(201)
    ).body.newCvFilePathToDb as string;
  const stored = async (key: string) => Boolean(await storageFor(w.t.config).get(key));
  const purge = async () => {
    await w.t.knex.raw("select graphile_worker.add_job('purge_cv_uploads', '{}'::json)");
    await runJobs(w.t);
  };

  it('Deletes drafts no profile took within CV_DRAFT_HOURS and files no profile uses any more; keeps the rest', async () => {
    const [stale, fresh, kept, replaced, current] = [
      await upload(),
      await upload(),
      await upload(),
      await upload(),
      await upload(),
    ];
    const id = (
      await w.t.http
        .post('/api/v1/candidates')
        .set(bearer(w.admin))
        .send(candidatePayload(w.ids, { resumePath: kept }))
        .expect(201)
    ).body.id;
    const other = (
      await w.t.http
        .post('/api/v1/candidates')
        .set(bearer(w.admin))
        .send(candidatePayload(w.ids, { resumePath: replaced }))
        .expect(201)
    ).body.id;
    await w.t.http.put(`/api/v1/candidates/${other}`).set(bearer(w.admin)).send({ resumePath: current }).expect(200);
    const old = new Date(Date.now() - (w.t.config.cv.draftHours + 1) * 3600_000);
    await w.t.knex('cv_uploads').whereIn('key', [stale, kept, replaced, current]).update({ created_at: old });

    await purge();

    expect(await stored(stale)).toBe(false);
    expect(await stored(replaced)).toBe(false);
    for (const key of [fresh, kept, current]) expect(await stored(key)).toBe(true);
    expect(await w.t.knex('cv_uploads').whereIn('key', [stale, replaced]).pluck('key')).toEqual([]);
    // The profile still hands out its CV; running the purge again changes nothing.
    await w.t.http.get(`/api/v1/candidates/${id}/cv`).set(bearer(w.admin)).expect(200);
    await purge();
    for (const key of [fresh, kept, current]) expect(await stored(key)).toBe(true);
  });

  it('A draft the purge deleted can no longer be attached', async () => {
    const key = await upload();
    await w.t
      .knex('cv_uploads')
      .where('key', key)
      .update({ created_at: new Date(Date.now() - 48 * 3600_000) });
    await purge();
    const res = await w.t.http
      .post('/api/v1/candidates')
      .set(bearer(w.admin))
      .send(candidatePayload(w.ids, { resumePath: key }))
      .expect(400);
    expect(res.body.error.fields).toEqual({ resumePath: 'resumePath.errors.notUploaded' });
  });

  it('Runs every hour', () => {
    expect(CRONTAB).toMatch(/^\S+ \* \* \* \* purge_cv_uploads\b/m);
  });
});
