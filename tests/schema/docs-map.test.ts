/**
 * The map tells the truth: every file or folder `backend/README.md` and `docs/ARCHITECTURE.md` name
 * in code quotes exists in the tree, and every capability folder of `backend/features/` and every
 * adapter of `backend/adapters/` is named in both, so a newcomer never looks for what was deleted
 * nor misses what was added. And the docs are read in short lines, none over 400 characters.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const SKIP = new Set(['node_modules', '.git', 'dist', '.tmp', '.data', 'coverage']);
const DOCS = ['backend/README.md', 'docs/ARCHITECTURE.md'];

function tree(dir = ROOT, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    const rel = path.relative(ROOT, full).split(path.sep).join('/');
    if (entry.isDirectory()) {
      out.push(`${rel}/`);
      tree(full, out);
    } else out.push(rel);
  }
  return out;
}

const folders = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/** The file and folder names a document quotes: `path/to/file.ts`, `folder/`, `memory*.ts`. */
export function namedPaths(markdown: string): string[] {
  const names = new Set<string>();
  for (const m of markdown.matchAll(/`([^`\s]+)`/g)) {
    const name = m[1].replace(/[(),:;]+$/, '').replace(/^\.\//, '');
    if (/^[\w*][\w.*/-]*\.(ts|tsx|md|json|js)$/.test(name) || /^[\w.-]+(\/[\w.-]+)*\/$/.test(name)) names.add(name);
  }
  return [...names];
}

/** A quoted name exists when some file or folder of the tree ends with it (docs name paths relative to their section). */
function exists(name: string, files: string[]): boolean {
  const pattern = new RegExp(`(^|/)${name.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
  return files.some((file) => pattern.test(file));
}

describe('The map', () => {
  const files = tree();
  for (const doc of DOCS) {
    const text = readFileSync(path.join(ROOT, doc), 'utf8');
    it(`${doc} names no file or folder that does not exist`, () => {
      expect(namedPaths(text).filter((name) => !exists(name, files))).toEqual([]);
    });
    it(`${doc} names every capability and every adapter`, () => {
      const missing = [
        ...folders('backend/features').filter((c) => !new RegExp(`\\b${c}\\b`).test(text)),
        ...folders('backend/adapters').filter((a) => !new RegExp(`\\b${a}\\b`).test(text)),
      ];
      expect(missing).toEqual([]);
    });
  }

  it('reads quoted paths as a reader would, and finds what was deleted', () => {
    expect(namedPaths('`search/` holds `memory.ts`, `db/replica.ts` and `DATABASE_URL`')).toEqual([
      'search/',
      'memory.ts',
      'db/replica.ts',
    ]);
    expect(exists('db/replica.ts', files)).toBe(true);
    expect(exists('memory*.ts', files)).toBe(false);
  });

  it('is read in short lines: no line of the README, the backend README or docs/ is over 400 characters', () => {
    const docs = ['README.md', 'backend/README.md', ...readdirSync(path.join(ROOT, 'docs')).map((f) => `docs/${f}`)];
    const long = docs
      .filter((doc) => doc.endsWith('.md'))
      .flatMap((doc) =>
        readFileSync(path.join(ROOT, doc), 'utf8')
          .split('\n')
          .map((line, i) => ({ at: `${doc}:${i + 1}`, length: line.length }))
          .filter((l) => l.length > 400)
          .map((l) => `${l.at} (${l.length})`),
      );
    expect(long).toEqual([]);
  });
});
