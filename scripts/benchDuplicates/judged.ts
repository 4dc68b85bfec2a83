/**
 * The judged set of duplicate detection: pairs of profiles whose answer is known by construction.
 * Twins share one identifying trait written another way (each reason alone) or several at once;
 * near misses look alike but are two people (same name elsewhere, one dot apart at a company's
 * domain, one digit apart, a handle with a suffix). Every pair has its own names, employer and
 * title, domains and numbers, so no two pairs can match each other.
 * `npx tsx scripts/benchDuplicates/judged.ts` writes tests/fixtures/duplicates/judged.json (then `npx prettier --write` it).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface JudgedProfile {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  linkedInUrl?: string;
  githubUrl?: string;
  company?: string;
  title?: string;
}

export interface JudgedPair {
  case: string;
  twin: boolean;
  /** The reasons a twin must be found by. */
  reasons: string[];
  a: JudgedProfile;
  b: JudgedProfile;
}

const FIRST = [
  'Aisha',
  'Bryan',
  'Chloe',
  'Darius',
  'Elena',
  'Farid',
  'Grace',
  'Hiroshi',
  'Imran',
  'Joanna',
  'Kavya',
  'Liam',
  'Mei',
  'Nikhil',
  'Olivia',
  'Priya',
  'Quentin',
  'Rahul',
  'Siti',
  'Tomas',
  'Umar',
  'Valerie',
  'Wen',
  'Xavier',
  'Yusuf',
  'Zara',
];
const LAST = [
  'Abdullah',
  'Bhatt',
  'Castillo',
  'Dimitrov',
  'Eriksen',
  'Fonseca',
  'Goh',
  'Hakimi',
  'Ishikawa',
  'Jovanovic',
  'Kowalski',
  'Lindqvist',
  'Mbeki',
  'Nakamura',
  'Okafor',
  'Pereira',
  'Quispe',
  'Rahman',
  'Sorensen',
  'Tanaka',
  'Uchenna',
  'Varga',
  'Wijaya',
  'Yilmaz',
  'Zhukov',
];
const EMPLOYER = [
  'Harbourline Logistics',
  'Kestrel Analytics',
  'Orchid Biotech',
  'Tidewater Capital',
  'Lumen Robotics',
  'Saffron Foods',
  'Quarry Systems',
  'Marlin Insurance',
  'Cobalt Energy',
  'Juniper Health',
];
const TITLE = [
  'Data Engineer',
  'Product Manager',
  'Site Reliability Engineer',
  'Financial Analyst',
  'UX Designer',
  'Account Executive',
  'Supply Chain Planner',
  'QA Lead',
  'Solutions Architect',
  'HR Business Partner',
  'Backend Developer',
  'Risk Analyst',
  'Clinical Researcher',
  'Marketing Manager',
  'Data Scientist',
  'Payroll Specialist',
  'Legal Counsel',
  'Network Engineer',
  'Brand Strategist',
  'Procurement Officer',
  'iOS Developer',
  'Tax Manager',
  'Research Scientist',
];

/** Pair n's own person: a name, an employer and title, a domain and numbers nobody else has. */
function person(n: number): JudgedProfile & { handle: string; domain: string; digits: string } {
  const firstName = FIRST[n % FIRST.length];
  const lastName = LAST[Math.floor(n / FIRST.length) % LAST.length];
  const handle = `${firstName}.${lastName}${n}`.toLowerCase();
  const company = EMPLOYER[n % EMPLOYER.length];
  const title = TITLE[n % TITLE.length];
  const digits = String(61000000 + n * 37).padStart(8, '0');
  return {
    firstName,
    lastName,
    handle,
    domain: `${company.split(' ')[0].toLowerCase()}${n}.example.net`,
    digits,
    email: '',
    company,
    title,
  };
}

const typo = (s: string) => (s.length > 4 ? s.slice(0, 2) + s.slice(3) : `${s}${s.at(-1)}`);
const sg = (d: string) => `+65 ${d.slice(0, 4)} ${d.slice(4)}`;
const e164 = (d: string) => `+65${d}`;
/** The other twin: another address and number, no links, no job, unless the case keeps them. */
const bare = (p: ReturnType<typeof person>, n: number): JudgedProfile => ({
  firstName: typo(p.firstName),
  lastName: p.lastName,
  email: `other${n}@elsewhere${n}.example.com`,
});

export function judgedPairs(): JudgedPair[] {
  const pairs: JudgedPair[] = [];
  let n = 0;
  const add = (count: number, build: (p: ReturnType<typeof person>, n: number, i: number) => JudgedPair) => {
    for (let i = 0; i < count; i += 1, n += 1) pairs.push(build(person(n), n, i));
  };
  const base = (p: ReturnType<typeof person>): JudgedProfile => ({
    firstName: p.firstName,
    lastName: p.lastName,
    email: `${p.handle}@${p.domain}`,
    phone: sg(p.digits),
    company: p.company,
    title: p.title,
  });

  // Twins by one reason alone.
  add(10, (p, k) => ({
    case: 'email in another case',
    twin: true,
    reasons: ['email'],
    a: base(p),
    b: { ...bare(p, k), email: `${p.handle}@${p.domain}`.toUpperCase() },
  }));
  add(10, (p, k) => ({
    case: 'email with a +tag',
    twin: true,
    reasons: ['email'],
    a: { ...base(p), email: `${p.handle.replace('.', '')}@${p.domain}` },
    b: { ...bare(p, k), email: `${p.handle.replace('.', '')}+jobs@${p.domain}` },
  }));
  add(10, (p, k) => ({
    case: 'gmail dots and googlemail',
    twin: true,
    reasons: ['email'],
    a: { ...base(p), email: `${p.handle}@gmail.com` },
    b: { ...bare(p, k), email: `${p.handle.replace('.', '')}@googlemail.com` },
  }));
  add(15, (p, k) => ({
    case: 'phone spaced and in E.164',
    twin: true,
    reasons: ['phone'],
    a: base(p),
    b: { ...bare(p, k), phone: e164(p.digits) },
  }));
  add(5, (p, k) => ({
    case: 'local phone punctuated two ways',
    twin: true,
    reasons: ['phone'],
    a: { ...base(p), phone: `(555) ${p.digits.slice(0, 3)}-${p.digits.slice(3)}` },
    b: { ...bare(p, k), phone: `555.${p.digits.slice(0, 3)}.${p.digits.slice(3)}` },
  }));
  add(15, (p, k) => ({
    case: 'LinkedIn with www, a country host, a query and case',
    twin: true,
    reasons: ['linkedIn'],
    a: { ...base(p), linkedInUrl: `https://www.linkedin.com/in/${p.handle.replace('.', '-')}/` },
    b: {
      ...bare(p, k),
      linkedInUrl: `https://sg.linkedin.com/in/${p.handle.replace('.', '-').toUpperCase()}?trk=profile`,
    },
  }));
  add(15, (p, k) => ({
    case: 'GitHub profile and a repository of it',
    twin: true,
    reasons: ['github'],
    a: { ...base(p), githubUrl: `https://github.com/${p.handle.replace('.', '')}` },
    b: { ...bare(p, k), githubUrl: `https://github.com/${p.handle.replace('.', '').toUpperCase()}/dotfiles` },
  }));
  add(10, (p, k) => ({
    case: 'name typo, same employer with its legal form, same title',
    twin: true,
    reasons: ['nameEmployerTitle'],
    a: { ...base(p), company: `${p.company} Pte. Ltd.` },
    b: {
      ...bare(p, k),
      firstName: p.firstName,
      lastName: typo(p.lastName),
      company: p.company!.toUpperCase(),
      title: p.title!.toLowerCase(),
    },
  }));
  add(8, (p, k) => ({
    case: 'name in the other order, same employer and title',
    twin: true,
    reasons: ['nameEmployerTitle'],
    a: base(p),
    b: { ...bare(p, k), firstName: p.lastName, lastName: p.firstName, company: p.company, title: p.title },
  }));
  add(7, (p, k) => ({
    case: 'middle name added, same employer and title',
    twin: true,
    reasons: ['nameEmployerTitle'],
    a: base(p),
    b: {
      ...bare(p, k),
      firstName: `${p.firstName} Marie`,
      lastName: p.lastName,
      company: `${p.company}, Inc.`,
      title: p.title,
    },
  }));
  // Twins by several reasons.
  add(10, (p, k) => ({
    case: 'email and phone',
    twin: true,
    reasons: ['email', 'phone'],
    a: base(p),
    b: { ...bare(p, k), email: `${p.handle}+cv@${p.domain}`, phone: e164(p.digits) },
  }));
  add(10, (p, k) => ({
    case: 'LinkedIn and name, employer, title',
    twin: true,
    reasons: ['linkedIn', 'nameEmployerTitle'],
    a: { ...base(p), linkedInUrl: `https://linkedin.com/in/${p.handle.replace('.', '')}` },
    b: {
      ...bare(p, k),
      firstName: p.firstName,
      lastName: typo(p.lastName),
      company: p.company,
      title: p.title,
      linkedInUrl: `https://www.linkedin.com/in/${p.handle.replace('.', '')}/`,
    },
  }));
  add(5, (p, k) => ({
    case: 'everything the same but the email',
    twin: true,
    reasons: ['phone', 'nameEmployerTitle'],
    a: base(p),
    b: { ...base(p), email: `${p.firstName}.${p.lastName}@other${k}.example.org`.toLowerCase() },
  }));

  // Near misses: two people.
  add(15, (p, k) => ({
    case: 'same name, another employer and title',
    twin: false,
    reasons: [],
    a: base(p),
    b: {
      ...bare(p, k),
      firstName: p.firstName,
      company: EMPLOYER[(k + 3) % EMPLOYER.length],
      title: TITLE[(k + 5) % TITLE.length],
    },
  }));
  // One person promoted at their employer: a twin, by name and employer alone.
  add(10, (p, k) => ({
    case: 'same name and employer, another title (a promotion)',
    twin: true,
    reasons: ['nameEmployer'],
    a: base(p),
    b: { ...bare(p, k), firstName: p.firstName, company: p.company, title: TITLE[(k + 7) % TITLE.length] },
  }));
  add(15, (p, k) => ({
    case: 'same employer and title, another person',
    twin: false,
    reasons: [],
    a: base(p),
    b: {
      ...bare(p, k),
      firstName: FIRST[(k + 11) % FIRST.length],
      lastName: LAST[(k + 13) % LAST.length],
      company: p.company,
      title: p.title,
    },
  }));
  add(10, (p, k) => ({
    case: 'one dot apart at a company domain',
    twin: false,
    reasons: [],
    a: base(p),
    b: { ...bare(p, k), email: `${p.handle.replace('.', '')}@${p.domain}` },
  }));
  add(10, (p, k) => ({
    case: 'same local part at another domain',
    twin: false,
    reasons: [],
    a: base(p),
    b: { ...bare(p, k), email: `${p.handle}@other-${p.domain}` },
  }));
  add(10, (p, k) => ({
    case: 'phone one digit apart',
    twin: false,
    reasons: [],
    a: base(p),
    b: { ...bare(p, k), phone: e164(p.digits.slice(0, -1) + String((Number(p.digits.at(-1)) + 1) % 10)) },
  }));
  add(10, (p, k) => ({
    case: 'LinkedIn handle with a suffix',
    twin: false,
    reasons: [],
    a: { ...base(p), linkedInUrl: `https://www.linkedin.com/in/${p.handle.replace('.', '-')}` },
    b: { ...bare(p, k), linkedInUrl: `https://www.linkedin.com/in/${p.handle.replace('.', '-')}-2` },
  }));
  add(10, (p, k) => ({
    case: 'GitHub handle with a suffix',
    twin: false,
    reasons: [],
    a: { ...base(p), githubUrl: `https://github.com/${p.handle.replace('.', '')}` },
    b: { ...bare(p, k), githubUrl: `https://github.com/${p.handle.replace('.', '')}2` },
  }));
  add(10, (p, k) => ({
    case: 'same surname, employer and title, another given name',
    twin: false,
    reasons: [],
    a: base(p),
    b: {
      ...bare(p, k),
      firstName: FIRST[(k + 9) % FIRST.length],
      lastName: p.lastName,
      company: p.company,
      title: p.title,
    },
  }));
  return pairs;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const out = path.resolve(import.meta.dirname, '../../tests/fixtures/duplicates/judged.json');
  mkdirSync(path.dirname(out), { recursive: true });
  const pairs = judgedPairs();
  writeFileSync(out, `${JSON.stringify(pairs, null, 1)}\n`);
  console.log(
    `${pairs.length} pairs (${pairs.filter((p) => p.twin).length} twins) written to ${path.relative(process.cwd(), out)}`,
  );
}
