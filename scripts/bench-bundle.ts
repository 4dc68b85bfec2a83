/**
 * `npm run bench:bundle`: what each front end sends, read from the last `npm run build`. For every chunk its
 * raw, gzip and brotli bytes (the twins the server sends, scripts/vite/precompress.ts), then what a first visit
 * downloads: the entry with its static imports, and the entry plus one page's chunks (/search, a project),
 * each beside its budget. Exits 1 when a budget is exceeded, so a regression is seen at once.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotli, gzip } from './vite/precompress';

interface Chunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, Chunk>;

const root = path.resolve(import.meta.dirname, '..');
const KB = 1000;

interface Sizes {
  raw: number;
  gz: number;
  br: number;
}

function sizesOf(dir: string, file: string): Sizes {
  const p = path.join(dir, file);
  const raw = statSync(p).size;
  const twin = (ext: string, make: (b: Buffer) => Buffer) =>
    existsSync(`${p}.${ext}`) ? statSync(`${p}.${ext}`).size : make(readFileSync(p)).length;
  return { raw, gz: twin('gz', gzip), br: twin('br', brotli) };
}

/** The files a chunk needs before it runs: itself, its static imports (transitively) and their CSS. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return files;
}

/** A page's manifest key: by its source path, or by its chunk's name where the bundler merged it. */
function pageKey(manifest: Manifest, page: string): string {
  const key = Object.keys(manifest).find((k) => k.endsWith(`/${page}.tsx`) || manifest[k].name === page);
  if (!key) throw new Error(`No chunk for ${page} in the manifest: was the page renamed?`);
  return key;
}

const fmt = (n: number) => `${(n / KB).toFixed(1).padStart(8)} KB`;
const sum = (all: Sizes[]): Sizes =>
  all.reduce((a, s) => ({ raw: a.raw + s.raw, gz: a.gz + s.gz, br: a.br + s.br }), { raw: 0, gz: 0, br: 0 });

interface Budget {
  label: string;
  pages: string[];
  /** Bytes on the wire, by the encoding named. */
  limit: number;
  encoding: 'gz' | 'br';
}

const APPS: { app: string; budgets: Budget[] }[] = [
  {
    app: 'portal',
    budgets: [
      { label: 'entry script (first paint of any page)', pages: [], limit: 300 * KB, encoding: 'gz' },
      { label: '/search, all of its JavaScript', pages: ['SearchWithProjects'], limit: 450 * KB, encoding: 'gz' },
      { label: '/project/:id, all of its JavaScript', pages: ['ProjectPipelinePage'], limit: 450 * KB, encoding: 'gz' },
    ],
  },
  { app: 'admin', budgets: [{ label: 'entry script (console shell)', pages: [], limit: 450 * KB, encoding: 'gz' }] },
];

let over = 0;
for (const { app, budgets } of APPS) {
  const dir = path.join(root, 'dist', app);
  const manifestFile = path.join(dir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    console.error(`dist/${app} has no manifest: run \`npm run build\` first.`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry) as string;
  const sizes = new Map<string, Sizes>();
  const size = (file: string) => sizes.get(file) ?? sizes.set(file, sizesOf(dir, file)).get(file)!;

  const chunks = [...new Set(Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])]))];
  chunks.sort((a, b) => size(b).raw - size(a).raw);
  console.log(`\n${app}: ${chunks.length} chunks${' '.repeat(28)}raw        gzip      brotli`);
  for (const file of chunks) {
    const s = size(file);
    console.log(`  ${file.padEnd(50)}${fmt(s.raw)}${fmt(s.gz)}${fmt(s.br)}`);
  }
  const total = sum(chunks.map(size));
  console.log(`  ${'all chunks'.padEnd(50)}${fmt(total.raw)}${fmt(total.gz)}${fmt(total.br)}`);

  console.log(`\n${app}: a first visit downloads${' '.repeat(25)}raw        gzip      brotli   budget`);
  for (const b of budgets) {
    const files = closure(manifest, [entry, ...b.pages.map((p) => pageKey(manifest, p))]);
    const s = sum([...files].map(size));
    const ok = s[b.encoding] <= b.limit;
    if (!ok) over++;
    const verdict = `${ok ? 'within' : 'OVER'} ${b.encoding === 'gz' ? 'gzip' : 'brotli'} ≤ ${b.limit / KB} KB`;
    console.log(`  ${`${b.label} (${files.size} files)`.padEnd(50)}${fmt(s.raw)}${fmt(s.gz)}${fmt(s.br)}   ${verdict}`);
  }
}
process.exit(over ? 1 : 0);
