/**
 * `npm run bench:cv`: how CV reading scales with the text's length. Reads CVs of one paragraph
 * repeated (the shape that stalled the old parser) and of adversarial shapes, at growing sizes,
 * and prints the parser's and the redaction's milliseconds per MB beside one plain word scan of
 * the same text (the floor any reader pays). Linear reading keeps ms/MB flat as the size grows.
 */
import { redactCv } from '../backend/features/talent';
import { parseCv, type CvLookups, type Named } from '../backend/services/documents/parseCv';

const PARAGRAPH =
  'Senior Software Engineer at Acme Pte Ltd, Jan 2019 - Present: built payment systems with TypeScript, Node.js and PostgreSQL for six markets; ' +
  'contact jane@example.com or +65 9123 4567, see https://github.com/jane.\n\n';
const SHAPES: Record<string, string> = {
  'repeated paragraph': PARAGRAPH,
  'links inside links': 'www.',
  'addresses without a domain': 'a@',
  'digits and separators': '1 2-3 (4) ',
};
const SIZES = [250_000, 500_000, 1_000_000, 2_000_000];

// Lookups the size of the real ones: a few thousand skills, cities and titles.
const table = (n: number, prefix: string) =>
  new Map<string, Named>(Array.from({ length: n }, (_, i) => [`${prefix} ${i}`, { id: i, name: `${prefix} ${i}` }]));
const lookups: CvLookups = {
  skills: table(5000, 'skill'),
  jobTitles: table(3000, 'title'),
  cities: table(2000, 'city'),
  version: 1,
};
lookups.skills.set('typescript', { id: 99_999, name: 'TypeScript' });

function time(fn: () => unknown): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

console.log('shape                        size MB   parse ms/MB   redact ms/MB   word scan ms/MB   parse / scan');
for (const [shape, unit] of Object.entries(SHAPES)) {
  for (const size of SIZES) {
    const text = `Jane Tan\nExperience\n${unit.repeat(Math.ceil(size / unit.length))}`;
    const mb = text.length / 1e6;
    const scan = time(() => text.match(/\w+/g)?.length);
    const parse = time(() => parseCv(text, lookups));
    const redact = time(() => redactCv(text, { firstName: 'Jane', lastName: 'Tan' }));
    console.log(
      `${shape.padEnd(28)} ${mb.toFixed(2).padStart(7)} ${(parse / mb).toFixed(0).padStart(13)} ${(redact / mb).toFixed(0).padStart(14)} ${(
        scan / mb
      )
        .toFixed(1)
        .padStart(17)} ${(parse / Math.max(scan, 0.01)).toFixed(0).padStart(13)}x`,
    );
  }
}
