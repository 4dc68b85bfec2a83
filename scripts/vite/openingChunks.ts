/**
 * Chunks for the pages a visit most often opens on, read from the `opening-module` declarations of the app's
 * index.html (backend/http/openingLinks.ts announces them with the page's HTML). Each of those pages downloads the
 * entry, the texts and at most two more files: the code two or more of these pages share, and the page's own code
 * (its components, the MUI parts only it uses). Left to the default grouping, the same page arrived in fifteen to
 * twenty-five small files, because each module is grouped by the set of all the app's forty pages that use it. On a
 * phone's link a browser opens six connections to a host, so those files came in waves a round trip apart, each
 * taking a share of the link while it waited.
 *
 * The plugin reads the module graph once the build has it (`buildEnd`) and answers the groups' `test`s from it;
 * the entry's own modules are the shell group's, which comes first.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

interface OpeningChunks {
  plugin: Plugin;
  /** Code-splitting groups: the shared one, then one per opening page. */
  groups: { name: string; test: (id: string) => boolean; priority: number }[];
}

/** The page modules an index.html declares as openings (`<meta name="opening-module" content="/path file">`). */
export function openingModules(root: string): string[] {
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<meta\s+name="opening-module"\s+content="\S+\s+([^"\s]+)"/g)].map((m) =>
    path.join(root, m[1]),
  );
  return [...new Set(files)];
}

/** Groups for the opening pages of the app at `root`, with `priority` above the default grouping's. */
export function openingChunks(root: string, priority: number): OpeningChunks {
  const pages = openingModules(root);
  // Module id -> the opening pages (by index) whose static imports reach it.
  const reach = new Map<string, Set<number>>();
  const plugin: Plugin = {
    name: 'opening-chunks',
    apply: 'build',
    buildEnd() {
      reach.clear();
      pages.forEach((page, index) => {
        const stack = [page];
        while (stack.length) {
          const id = stack.pop() as string;
          const seen = reach.get(id) ?? new Set<number>();
          if (seen.has(index)) continue;
          seen.add(index);
          reach.set(id, seen);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      });
    },
  };
  const label = (page: string) => path.basename(page).replace(/\.[jt]sx?$/, '');
  return {
    plugin,
    groups: [
      {
        name: 'opening',
        test: (id) => !pages.includes(id) && (reach.get(id)?.size ?? 0) > 1,
        priority: priority + 0.1,
      },
      ...pages.map((page, index) => ({
        name: `${label(page)}.parts`,
        // The page's module stays its own chunk, which the build's manifest names by its source path.
        test: (id: string) => id !== page && reach.get(id)?.size === 1 && reach.get(id)?.has(index) === true,
        priority,
      })),
    ],
  };
}
