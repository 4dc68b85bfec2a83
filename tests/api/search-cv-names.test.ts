/**
 * A CV is read with the one name matcher: the names people write in CVs ('AWS', 'k8s', 'Kafka',
 * 'Airflow', 'Excel') find the same lookup rows the import, the autocompletes and the filters find.
 */
import PDFDocument from 'pdfkit';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app';
import { bearer, talentWorld } from '../helpers/talent';

function pdfCv(lines: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const line of lines) doc.text(line);
    doc.end();
  });
}

const CV = [
  'Wei Ling Goh',
  'Singapore',
  'weiling.goh@example.com | +65 9123 4567',
  'Summary',
  'Data engineer. A word on the outlook of my work: I keep pipelines boring.',
  'Experience',
  'Data Engineer, Grab (Jan 2019 - Present)',
  'Moved the batch jobs to streaming.',
  'Skills',
  'AWS, k8s, Kafka, Airflow, Excel',
];

describe('A CV is read with the names recruiters and candidates write', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    ({ t, admin } = await talentWorld());
  });

  async function skillsOf(lines: string[]): Promise<string[]> {
    const res = await t.http
      .post('/api/v1/candidates/cv-data')
      .set(bearer(admin))
      .attach('file', await pdfCv(lines), 'wei-ling-goh.pdf');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.draft.skills.map((s: { name: string }) => s.name);
  }

  it('AWS, k8s, Kafka, Airflow and Excel in a CV are the skills the search and the import know by those names', async () => {
    const skills = await skillsOf(CV);
    expect(skills).toEqual(
      expect.arrayContaining([
        'Amazon Web Services',
        'Kubernetes',
        'Apache Kafka',
        'Apache Airflow',
        'Microsoft Excel',
      ]),
    );
    // The same names through the autocomplete: the one matcher gives the same rows.
    for (const [typed, name] of [
      ['AWS', 'Amazon Web Services'],
      ['k8s', 'Kubernetes'],
      ['Kafka', 'Apache Kafka'],
      ['Airflow', 'Apache Airflow'],
    ]) {
      const res = await t.http.get('/api/v1/skills/search').query({ q: typed }).set(bearer(admin));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body[0]?.label ?? res.body.data?.[0]?.label, typed).toBe(name);
    }
  });

  it('Prose that happens to spell an alias ("a word on the outlook") is not read as a skill', async () => {
    const skills = await skillsOf(CV);
    expect(skills).not.toContain('Microsoft Word');
    expect(skills).not.toContain('Microsoft Outlook');
  });

  it('An alias an admin adds to a skill is read in the next CV', async () => {
    await t.knex.raw(
      `update skills set aliases = aliases || array['Looker Studio Pro'], updated_at = now() + interval '1 second' where name = 'Tableau'`,
    );
    // The matcher asks whether a lookup table changed at most every two seconds.
    await new Promise((r) => setTimeout(r, 2100));
    const skills = await skillsOf([...CV.slice(0, 9), 'Looker Studio Pro, SQL']);
    expect(skills).toContain('Tableau');
  });
});
