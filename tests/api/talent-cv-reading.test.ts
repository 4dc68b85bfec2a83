/**
 * Reading CVs into draft profiles (skills, history) and writing the profile PDF: what a recruiter
 * sees after "Add from CV" and after "Profile PDF".
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileSlug, monthRange, yearRange, yearsOfExperience } from '../../backend/features/talent';
import { parseCv, type CvLookups, type Named } from '../../backend/services/documents/parseCv';
import { docxOf, pdfOf } from '../helpers/cvs';
import { bearer, talentWorld, type TalentWorld } from '../helpers/talent';

const year = new Date().getUTCFullYear();

describe('Reading a CV into a draft profile', () => {
  let w: TalentWorld;
  beforeAll(async () => {
    w = await talentWorld();
  });

  const draftOf = async (lines: string[], kind: 'pdf' | 'docx' = 'pdf') => {
    const file = kind === 'pdf' ? await pdfOf(lines) : Buffer.from(await docxOf(lines));
    const res = await w.t.http
      .post('/api/v1/candidates/cv-data')
      .set(bearer(w.admin))
      .attach('file', file, `cv.${kind}`);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.draft as {
      skills: { name: string }[];
      experiences: { title: string; company: string; description: string | null }[];
    };
  };

  it("A GitHub link's 'https' is not taken as the skill HTTPS; HTTPS named as a skill is", async () => {
    const links = await draftOf([
      'Jane Tan',
      'https://github.com/janetan | https://janetan.dev',
      'Skills',
      'TypeScript, Go',
    ]);
    expect(links.skills.map((s) => s.name)).toEqual(['TypeScript', 'Go']);
    const named = await draftOf(['Jane Tan', 'https://github.com/janetan', 'Skills', 'TLS, HTTPS, Go']);
    expect(named.skills.map((s) => s.name)).toEqual(['TLS', 'HTTPS', 'Go']);
  });

  it.each([
    ['a header line above the dates', 'pdf'],
    ['the dates on the header line', 'docx'],
  ] as const)('Every job keeps its own description, the first one too (%s, %s)', async (layout, kind) => {
    const lines =
      layout === 'a header line above the dates'
        ? [
            'Experience',
            'Senior Software Engineer at Airwallex',
            `Mar ${year - 2} - Present`,
            'Led the card-issuing platform team.',
            'Moved settlement to events.',
            'Software Engineer at Shopee',
            'Jan 2016 - Feb 2020',
            'Built the promotions engine.',
          ]
        : [
            'Experience',
            `Senior Software Engineer, Airwallex (Mar ${year - 2} - Present)`,
            'Led the card-issuing platform team.',
            'Moved settlement to events.',
            'Software Engineer, Shopee (Jan 2016 - Feb 2020)',
            'Built the promotions engine.',
          ];
    const draft = await draftOf(lines, kind);
    expect(draft.experiences).toMatchObject([
      {
        title: 'Senior Software Engineer',
        company: 'Airwallex',
        description: 'Led the card-issuing platform team.\nMoved settlement to events.',
      },
      { title: 'Software Engineer', company: 'Shopee', description: 'Built the promotions engine.' },
    ]);
  });

  it.each([
    ['one unbroken word', 'a'.repeat(90_000)],
    ['addresses without a domain', 'a@'.repeat(45_000)],
    ['links inside links', 'www.'.repeat(22_000)],
    ['month names without years', 'jan '.repeat(22_000)],
    ['digits and separators', '1 2-3 (4) '.repeat(9_000)],
  ])('A CV of %s is still read in time (every pattern is linear)', async (_shape, text) => {
    const draft = await draftOf(['Jane Tan', 'Experience', text, 'Skills', 'TypeScript'], 'docx');
    expect(draft.skills.map((s) => s.name)).toContain('TypeScript');
  });

  it('Skills are matched by whatever names the lookups table lists, aliases included', () => {
    const named = (id: number, name: string): Named => ({ id, name });
    const lookups: CvLookups = {
      // As cvLookups would list them with aliases: several written names for one lookup row.
      skills: new Map([
        ['amazon web services', named(1, 'Amazon Web Services')],
        ['aws', named(1, 'Amazon Web Services')],
        ['apache kafka', named(2, 'Apache Kafka')],
        ['kafka', named(2, 'Apache Kafka')],
        ['apache airflow', named(3, 'Apache Airflow')],
        ['airflow', named(3, 'Apache Airflow')],
      ]),
      jobTitles: new Map(),
      cities: new Map(),
      version: 1,
    };
    const draft = parseCv('Skills\nAWS, Kafka and Airflow; Amazon Web Services', lookups);
    expect(draft.skills).toEqual([
      { skillId: 1, isStar: false, name: 'Amazon Web Services' },
      { skillId: 2, isStar: false, name: 'Apache Kafka' },
      { skillId: 3, isStar: false, name: 'Apache Airflow' },
    ]);
  });
});

describe('How candidate documents write dates and names', () => {
  it.each([
    ['2023-03-01', null, true, 'Mar 2023 – present'],
    ['2016-01-01', '2020-02-29', false, 'Jan 2016 – Feb 2020'],
    ['2016-01-01', null, false, 'Since Jan 2016'],
    [null, '2020-02-01', false, 'Until Feb 2020'],
    [null, null, false, null],
    ['2016-13-01', null, false, null],
  ])('%s to %s (current: %s) reads %s', (start, end, current, expected) => {
    expect(monthRange(start, end, current)).toBe(expected);
  });

  it.each([
    [2011, 2015, '2011 – 2015'],
    [2015, 2015, '2015'],
    [null, 2015, '2015'],
    [2011, null, 'Since 2011'],
    [null, null, null],
  ])('studies from %s to %s read %s', (start, end, expected) => {
    expect(yearRange(start, end)).toBe(expected);
  });

  it.each([
    [[{ startDate: '2015-01-01', endDate: '2017-12-31' }], 3],
    // Overlapping jobs count once.
    [
      [
        { startDate: '2015-01-01', endDate: '2017-12-31' },
        { startDate: '2017-01-01', endDate: '2018-12-31' },
      ],
      4,
    ],
    [[{ startDate: '2024-01-01', currentPosition: true }], 2],
    [[{ startDate: null }], 0],
  ])('jobs %j make %i whole years of experience (as of 2026-06-15)', (jobs, years) => {
    expect(yearsOfExperience(jobs, '2026-06-15')).toBe(years);
  });

  it.each([
    ['Senior Backend Engineer', 'Senior-Backend-Engineer'],
    ['Ingénieur / Développeur (C++)', 'Ingenieur-Developpeur-C'],
    ['王小明', ''],
  ])('%s makes the file name part %s', (text, slug) => {
    expect(fileSlug(text)).toBe(slug);
  });
});

describe('The profile PDF', () => {
  it('Marks highlighted skills, writes dates to the month ("Mar 2023 – present") and reads like the product', async () => {
    const w = await talentWorld();
    const res = await w.t.http
      .get(`/api/v1/candidates/get-pdf?id=${w.demoId}`)
      .set(bearer(w.admin))
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Chloe-Wong-profile.pdf"');
    const text = (await extractText(await getDocumentProxy(new Uint8Array(res.body as Buffer)), { mergePages: true }))
      .text;
    expect(text).toContain(`Mar ${year - 3} – present`);
    expect(text).toContain(`Jul ${year - 7} – Feb ${year - 3}`);
    expect(text).toContain(`${year - 13} – ${year - 9}`);
    expect(text).toContain('Highlighted by the candidate');
    expect(text).not.toContain('(highlighted)');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // Highlighted skills come first.
    expect(text.indexOf('PostgreSQL')).toBeLessThan(text.indexOf('Kubernetes'));
    for (const part of [
      'Chloe Wong',
      'candidate@example.com',
      'Looking for',
      'SGD 12,000 per month',
      'English (Expert)',
    ])
      expect(text).toContain(part);
  });
});
