/**
 * The blind CV keeps no personal data: each kind of identifier, in realistic CVs, goes whole
 * (never a fragment such as '[removed]7D'), and the blind CV reads as an anonymous profile.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonymise, redactCv, REMOVED, type PersonalData } from '../../backend/features/talent';
import { docxOf, HK_ANALYST, MY_DESIGNER, pdfOf, SG_ENGINEER } from '../helpers/cvs';
import { bearer, candidatePayload, inRaasPipeline, talentWorld, type TalentWorld } from '../helpers/talent';

const CVS = {
  SG_ENGINEER: {
    lines: SG_ENGINEER,
    person: { firstName: 'Chloe', lastName: 'Wong', email: 'chloe.wong@example.com', phone: '+659 123 4567' },
  },
  HK_ANALYST: {
    lines: HK_ANALYST,
    person: { firstName: 'Kelvin', lastName: 'Chan', email: 'kelvin@example.com', phone: null },
  },
  MY_DESIGNER: {
    lines: MY_DESIGNER,
    person: { firstName: 'Nurul', lastName: 'Aisyah', email: 'nurul@example.com', phone: null },
  },
} satisfies Record<string, { lines: string[]; person: PersonalData }>;
type CvName = keyof typeof CVS;

/** [kind, CV, identifier as the CV writes it]. */
const IDENTIFIERS: [string, CvName, string][] = [
  ['Singapore NRIC', 'SG_ENGINEER', 'S9012345D'],
  ['Hong Kong ID with its check digit', 'HK_ANALYST', 'A123456(7)'],
  ['labelled passport number', 'HK_ANALYST', 'K1234567A'],
  ['passport number in a sentence', 'HK_ANALYST', 'E12345678'],
  ['labelled date of birth', 'SG_ENGINEER', '14 March 1990'],
  ['date of birth in a sentence', 'HK_ANALYST', '2 June 1992'],
  ['date of birth with slashes', 'MY_DESIGNER', '03/07/1994'],
  ["referee's name", 'SG_ENGINEER', 'Tan Ah Kow'],
  ["referee's phone", 'SG_ENGINEER', '+65 9876 5432'],
  ["referee's email", 'SG_ENGINEER', 'tan.ahkow@shopee.example.com'],
  ['second referee', 'SG_ENGINEER', 'Priya Nair'],
  ['referee with a title', 'HK_ANALYST', 'Albert Lam'],
  ['social handle', 'SG_ENGINEER', '@chloewongsg'],
  ['handle in a sentence', 'SG_ENGINEER', '@chloe_w'],
  ['handle with a dot', 'MY_DESIGNER', '@nurul.designs'],
  ['LinkedIn profile', 'SG_ENGINEER', 'linkedin.com/in/chloe-wong-sg'],
  ['GitHub profile', 'SG_ENGINEER', 'https://github.com/chloewongsg'],
  ['personal site', 'HK_ANALYST', 'www.kelvinchan.dev'],
  ['portfolio links', 'MY_DESIGNER', 'behance.net/nurulaisyah'],
  ['Dribbble link', 'MY_DESIGNER', 'dribbble.com/nurul'],
  ['HDB block address', 'SG_ENGINEER', 'Blk 123 Ang Mo Kio Ave 3'],
  ['unit number', 'SG_ENGINEER', '#12-345'],
  ['postcode', 'SG_ENGINEER', '560123'],
  ['Hong Kong flat', 'HK_ANALYST', 'Flat 12A, 5/F, 38 Nathan Road'],
  ['labelled street address', 'MY_DESIGNER', '88 Jalan Ampang'],
  ['email with a tag', 'SG_ENGINEER', 'chloe.wong+jobs@gmail.com'],
  ['Hong Kong phone', 'HK_ANALYST', '(852) 2345 6789'],
  ['Malaysian mobile', 'MY_DESIGNER', '+60 12-345 6789'],
  ['Singapore mobile', 'SG_ENGINEER', '+65 9123 4567'],
  ['name', 'SG_ENGINEER', 'Chloe'],
  ['name as the CV writes it', 'HK_ANALYST', 'Kelvin Chan'],
];

/** Alphanumeric pieces of the identifier (3+ characters) that the rest of the CV does not also contain. */
function fragmentsOf(identifier: string, cv: string): string[] {
  const elsewhere = cv.split(identifier).join(' ');
  return (identifier.match(/[A-Za-z0-9]{3,}/g) ?? []).filter((piece) => !elsewhere.includes(piece));
}

describe('Redaction of realistic CVs', () => {
  it.each(IDENTIFIERS)('removes a %s whole (%s: %s)', (_kind, cvName, identifier) => {
    const { lines, person } = CVS[cvName];
    const cv = lines.join('\n');
    expect(cv).toContain(identifier);
    const out = redactCv(cv, person);
    expect(out).not.toContain(identifier);
    for (const piece of fragmentsOf(identifier, cv))
      expect(out, `a fragment '${piece}' of '${identifier}'`).not.toContain(piece);
    // A removal never leaves letters or digits glued to it.
    expect(out).not.toMatch(/[A-Za-z0-9]\[removed\]|\[removed\][A-Za-z0-9(]/);
  });

  it.each(Object.keys(CVS) as CvName[])(
    'keeps the experience of %s: roles, dates, employers, skills and studies',
    (cvName) => {
      const { lines, person } = CVS[cvName];
      const out = redactCv(lines.join('\n'), person);
      const kept: Record<CvName, string[]> = {
        SG_ENGINEER: [
          'Senior Backend Engineer, Airwallex (Mar 2021 - Present)',
          'Jan 2016 - Feb 2021',
          'TypeScript, Node.js',
          'National University of Singapore, 2011 - 2015',
        ],
        HK_ANALYST: [
          'Financial Analyst, HSBC (Jul 2018 - Present)',
          'Cover 30 listed banks',
          'Excel, Python, Bloomberg',
          'The University of Hong Kong, 2010 - 2014',
        ],
        MY_DESIGNER: [
          'Product Designer, Grab (Apr 2019 - Present)',
          'used by 2 million people',
          'Figma, Sketch',
          'Limkokwing University, 2012 - 2015',
        ],
      };
      for (const text of kept[cvName]) expect(out).toContain(text);
    },
  );

  it('Writes the free text of a blind CV without gaps: the name becomes "the candidate", sentences with other personal data go', () => {
    const summary = SG_ENGINEER[SG_ENGINEER.indexOf('Summary') + 1];
    expect(anonymise(summary, { ...CVS.SG_ENGINEER.person, names: ['Chloe', 'Wong Mei Ling'] })).toBe(
      'The candidate is a backend engineer with nine years of experience in payments. She mentors junior engineers.',
    );
    const hk = HK_ANALYST[HK_ANALYST.indexOf('Summary') + 1];
    expect(anonymise(hk, CVS.HK_ANALYST.person)).toBe(
      'The candidate builds valuation models for Asian equities. He holds the CFA charter.',
    );
    expect(anonymise('Contact me at jane@example.com.', {})).toBeNull();
  });
});

describe('The blind CV of a realistic CV', () => {
  let w: TalentWorld;
  beforeAll(async () => {
    w = await talentWorld();
  });

  const pdfText = async (data: Buffer) =>
    (await extractText(await getDocumentProxy(new Uint8Array(data)), { mergePages: true })).text;
  const binary = (res: import('superagent').Response, cb: (err: Error | null, body: Buffer) => void) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => cb(null, Buffer.concat(chunks)));
  };

  it.each([
    ['PDF', 'SG_ENGINEER', pdfOf, 'Senior-Backend-Engineer-blind-cv.pdf', 'Senior Backend Engineer'],
    ['DOCX', 'HK_ANALYST', docxOf, 'Financial-Analyst-blind-cv.pdf', 'Financial Analyst'],
    ['PDF', 'MY_DESIGNER', pdfOf, 'Product-Designer-blind-cv.pdf', 'Product Designer'],
  ] as const)(
    'A %s CV (%s) becomes an anonymous profile headed by the role, with a readable file name',
    async (_type, cvName, make, fileName, role) => {
      const { lines, person } = CVS[cvName];
      // A profile with no summary and no history: the blind CV takes them from the CV.
      const id = (
        await w.t.http
          .post('/api/v1/candidates')
          .set(bearer(w.admin))
          .send(
            candidatePayload(w.ids, {
              firstName: person.firstName,
              lastName: person.lastName,
              summary: null,
              experiences: [],
              educations: [],
            }),
          )
          .expect(201)
      ).body.id as string;
      const ext = make === docxOf ? 'docx' : 'pdf';
      const up = await w.t.http
        .post('/api/v1/candidates/cv-data')
        .set(bearer(w.admin))
        .field('candidateId', id)
        .attach('file', Buffer.from(await make(lines)), `cv.${ext}`)
        .expect(201);
      await w.t.http
        .put(`/api/v1/candidates/${id}`)
        .set(bearer(w.admin))
        .send({ resumePath: up.body.newCvFilePathToDb })
        .expect(200);

      await inRaasPipeline(w.t, id);
      const res = await w.t.http
        .get(`/api/v1/candidates/resume/${id}`)
        .set(bearer(w.raas))
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`);
      const text = await pdfText(res.body as Buffer);
      expect(text).toContain(role);
      expect(text).toContain('Anonymous profile');
      expect(text).toContain('Experience');
      expect(text).not.toContain(REMOVED);
      for (const [, name, identifier] of IDENTIFIERS) if (name === cvName) expect(text).not.toContain(identifier);
      for (const word of [person.firstName, person.lastName]) expect(text).not.toContain(word);
    },
  );
});
