/**
 * A Vite plugin that opens every script chunk with V8's explicit compile hint, the magic comment
 * `//# allFunctionsCalledOnLoad` (Chromium 126 on; other engines read a comment). V8 then compiles the chunk's
 * functions while the file streams in, on a background thread, instead of each one on the page's main thread the first
 * time it is called. A portal chunk is fetched when what it draws opens (the shell, the texts, a page and its parts, a
 * dialog), so most of what it holds runs then.
 *
 * Measured on the portal's build (one page load each, traces at 1x): the main thread's compiling fell from 162-177 to
 * 92-104 ms on /projects and from 191-203 to 101-110 ms on the candidate's profile; Chromium's CPU for ten loads of
 * /projects stayed the same (16.3-17.6 s against 16.7-17.8 s): the work moves off the main thread, it does not grow.
 * `LIGHTHOUSE_FORM_FACTORS=mobile npm run bench:lighthouse`, by CPU time: a project's TBT 284 to 158 ms, the
 * profile's 613 to 320 ms.
 *
 * The comment goes first, where V8 reads it before any function, once the chunk is written.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Puts the hint on top of a chunk's code; its source map, when there is one, moves down a line with the code. */
export function withCompileHint(code: string, map?: string): { code: string; map?: string } {
  if (code.startsWith(COMPILE_HINT)) return { code, map };
  if (map === undefined) return { code: `${COMPILE_HINT}\n${code}` };
  const parsed = JSON.parse(map) as { mappings: string };
  return { code: `${COMPILE_HINT}\n${code}`, map: JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` }) };
}

/**
 * Rewrites the written chunks: by then the bundler's own last edits (the table of a dynamic import's preloads it
 * writes on top of a chunk) are in the file, and the compressed twins are made after it (./precompress.ts).
 */
export function compileHints(): Plugin {
  let outDir = '';
  return {
    name: 'talentbase:compile-hints',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const [fileName, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const file = path.join(outDir, fileName);
        const mapFile = `${file}.map`;
        const map = existsSync(mapFile) ? readFileSync(mapFile, 'utf8') : undefined;
        const hinted = withCompileHint(readFileSync(file, 'utf8'), map);
        writeFileSync(file, hinted.code);
        if (hinted.map !== undefined) writeFileSync(mapFile, hinted.map);
      }
    },
  };
}
