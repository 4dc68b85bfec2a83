/**
 * Chunks for the pages a visit most often opens on, read from the `opening-module` declarations of the app's
 * index.html (backend/http/openingLinks.ts announces them with the page's HTML). Each of those pages downloads the
 * entry, the texts, its own code (its module and its parts: the components and MUI parts only it uses) and one or two
 * files of code it shares with other opening pages. Left to the default grouping, the same page arrived in fifteen to
 * twenty-five small files, because each module is grouped by the set of all the app's forty pages that use it. On a
 * phone's link a browser opens six connections to a host, so those files came in waves a round trip apart, each
 * taking a share of the link while it waited.
 *
 * Shared code is grouped by the set of opening pages that reach it (`sharedGroups`), small sets joining larger ones:
 * the candidate's profile and the interview answer page no longer download the search's filters, sliders and
 * pagination. Their shared file is 20 KB over the wire instead of 47, and the answer page's whole load went from 246
 * to 220 KB; in `bench:lighthouse` (mobile, by CPU time) their LCP came 120 to 160 ms sooner. A page reaches what its
 * static imports reach, and through a package's index that only re-exports (`@mui/material`) only the components it
 * names (`followingUsedExports`): followed whole, that index made every MUI component look used by every page.
 *
 * The plugin reads the module graph once the build has it (`buildEnd`) and answers the groups' `test`s from it;
 * the entry's own modules are the shell group's, which comes first.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

interface OpeningChunks {
  plugin: Plugin;
  /** Code-splitting groups: one per set of opening pages sharing code, then one per opening page. */
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
  // Module id -> the set of pages (setKey) whose shared group holds it.
  const shared = new Map<string, string>();
  const plugin: Plugin = {
    name: 'opening-chunks',
    apply: 'build',
    buildEnd() {
      reach.clear();
      const info = (id: string) => this.getModuleInfo(id);
      const follow = followingUsedExports((id) => {
        const found = info(id);
        return found && { code: found.code ?? '', importedIds: found.importedIds, exports: found.exports ?? [] };
      });
      pages.forEach((page, index) => {
        const stack = [page];
        while (stack.length) {
          const id = stack.pop() as string;
          const seen = reach.get(id) ?? new Set<number>();
          if (seen.has(index)) continue;
          seen.add(index);
          reach.set(id, seen);
          stack.push(...follow(id));
        }
      });
      // What the app's entry reaches is weighed as the shell's, whichever pages reach it too.
      const shell = new Set<string>();
      const entries = [...this.getModuleIds()].filter((id) => info(id)?.isEntry);
      while (entries.length) {
        const id = entries.pop() as string;
        if (shell.has(id)) continue;
        shell.add(id);
        entries.push(...follow(id));
      }
      shared.clear();
      const groups = sharedGroups(reach, pages, (id) => (shell.has(id) ? 0 : (info(id)?.code?.length ?? 0)));
      for (const [id, key] of groups) shared.set(id, key);
    },
  };
  const label = (page: string) => path.basename(page).replace(/\.[jt]sx?$/, '');
  return {
    plugin,
    groups: [
      ...subsets(pages.length).map((set) => ({
        name: `opening~${set.map((index) => label(pages[index])).join('~')}`,
        test: (id: string) => shared.get(id) === setKey(set),
        // A group also takes what its modules import, unless a group before it took that: the groups of more pages
        // go first, so each keeps what it alone shares.
        priority: priority + set.length,
      })),
      ...pages.map((page, index) => ({
        name: `${label(page)}.parts`,
        // The page's module stays its own chunk, which the build's manifest names by its source path.
        test: (id: string) => id !== page && reach.get(id)?.size === 1 && reach.get(id)?.has(index) === true,
        priority,
      })),
    ],
  };
}

/** Below this much code (as the build read it), a set of pages' shared code joins a larger set's group. */
const MERGE_BELOW = 80_000;

/**
 * The group of each module two or more opening pages reach: the set of those pages (`setKey`), so that a page
 * downloads no code only other pages use. A set sharing less than MERGE_BELOW of code (`size`) joins the smallest
 * larger set, and so on up: one more file would cost a page more than the few bytes it saves.
 */
export function sharedGroups(
  reach: ReadonlyMap<string, ReadonlySet<number>>,
  pages: readonly string[],
  size: (id: string) => number,
): Map<string, string> {
  const groups = new Map<string, string>();
  const sizes = new Map<string, number>();
  for (const [id, seen] of reach) {
    if (seen.size < 2 || pages.includes(id)) continue;
    const key = setKey(seen);
    groups.set(id, key);
    sizes.set(key, (sizes.get(key) ?? 0) + size(id));
  }
  const into = new Map<string, string>();
  for (const [key] of [...sizes].sort((x, y) => x[1] - y[1])) {
    if ((sizes.get(key) ?? 0) >= MERGE_BELOW) continue;
    const larger = [...sizes.keys()]
      .filter((other) => other !== key && !into.has(other) && contains(other, key))
      .sort((x, y) => x.length - y.length || (sizes.get(x) ?? 0) - (sizes.get(y) ?? 0))[0];
    if (larger) {
      into.set(key, larger);
      sizes.set(larger, (sizes.get(larger) ?? 0) + (sizes.get(key) ?? 0));
    }
  }
  const final = (key: string): string => (into.has(key) ? final(into.get(key) as string) : key);
  for (const [id, key] of groups) groups.set(id, final(key));
  return groups;
}

export const setKey = (set: Iterable<number>) => [...set].sort((a, b) => a - b).join(',');
const contains = (larger: string, smaller: string) => {
  const members = new Set(larger.split(','));
  return smaller.split(',').every((index) => members.has(index));
};

/** Every set of two or more of `count` pages, by index. */
function subsets(count: number): number[][] {
  const sets: number[][] = [];
  for (let mask = 0; mask < 1 << count; mask++) {
    const set = [...Array(count).keys()].filter((index) => mask & (1 << index));
    if (set.length > 1) sets.push(set);
  }
  return sets;
}

interface ModuleFacts {
  code: string;
  importedIds: readonly string[];
  exports: readonly string[];
}

const REEXPORT = /export\s*(?:\*|\{([^}]*)\})\s*from\s*["']([^"']+)["']\s*;?/g;

/**
 * What a package's index re-exports, when that is all it does (`export { default as Slider } from './Slider'`,
 * `export * from './Slider'`): the named targets by name, and the targets of its `export *`. Undefined for a module
 * with code of its own.
 */
function barrelOf(id: string, facts: ModuleFacts) {
  if (!/[\\/]node_modules[\\/]/.test(id)) return undefined;
  // Besides re-exports, an index may hand on a module as a namespace (`import * as colors from './colors'` and
  // `export { colors }`).
  const namespaces = new Map<string, string>();
  const rest = withoutComments(facts.code)
    .replace(REEXPORT, '')
    .replace(/import\s*\*\s*as\s+(\w+)\s*from\s*["']([^"']+)["']\s*;?/g, (_, name: string, spec: string) => {
      namespaces.set(name, spec);
      return '';
    })
    .replace(/export\s*\{([^}]*)\}\s*;?/g, (statement, names: string) =>
      names.split(',').every((name) => namespaces.has(name.trim()) || !name.trim()) ? '' : statement,
    )
    .trim();
  if (rest) return undefined;
  const target = (spec: string) => {
    const resolved = path.resolve(path.dirname(id), spec);
    return facts.importedIds.find((imported) => imported === resolved || imported.startsWith(`${resolved}/index.`));
  };
  const named = new Map<string, string | undefined>();
  const stars: (string | undefined)[] = [];
  for (const [, names, spec] of facts.code.matchAll(REEXPORT)) {
    if (names === undefined) stars.push(target(spec));
    else
      for (const part of names.split(',')) {
        const exported = part
          .trim()
          .split(/\s+as\s+/)
          .pop();
        if (exported) named.set(exported, target(spec));
      }
  }
  for (const [name, spec] of namespaces) named.set(name, target(spec));
  return { named, stars };
}

/**
 * The modules `id` reaches by its static imports, as the build keeps them: through a package's index that only
 * re-exports (`@mui/material`), only to the modules that export the names `id` imports from it. Followed whole, such
 * an index would count every component of the package as used by every page that imports one of them. A name not
 * found, or an import of the index as a whole (`import * as`, a default import), follows all of it.
 */
export function followingUsedExports(facts: (id: string) => ModuleFacts | null | undefined) {
  const barrels = new Map<string, ReturnType<typeof barrelOf>>();
  const barrel = (id: string) => {
    if (!barrels.has(id)) {
      const found = facts(id);
      barrels.set(id, found ? barrelOf(id, found) : undefined);
    }
    return barrels.get(id);
  };
  const whereExported = (id: string, name: string): string[] | undefined => {
    const found = barrel(id);
    if (!found) return undefined;
    if (found.named.has(name)) {
      const named = found.named.get(name);
      return named ? [named] : undefined;
    }
    const stars = found.stars.filter((star) => star && facts(star)?.exports.includes(name)) as string[];
    return stars.length ? stars : undefined;
  };
  return (id: string): string[] => {
    const module = facts(id);
    if (!module) return [];
    const next: string[] = [];
    for (const imported of module.importedIds) {
      if (!barrel(imported)) {
        next.push(imported);
        continue;
      }
      const names = namesImportedFrom(module.code, imported);
      const targets = names?.map((name) => whereExported(imported, name));
      if (!targets || targets.some((t) => !t)) next.push(imported);
      else next.push(...(targets.flat() as string[]));
    }
    return next;
  };
}

/**
 * The names `code` imports from the package whose index is `barrelId` (`import { Box, Button as B } from
 * '@mui/material'`); undefined when it imports it otherwise (whole, by default, or re-exports it).
 */
function namesImportedFrom(code: string, barrelId: string): string[] | undefined {
  const names: string[] = [];
  let found = false;
  const statements = /(?<=^|[;\n])\s*((?:import|export)\b[^;'"]*?from\s*["']([^"']+)["'])/g;
  for (const [, statement, spec] of withoutComments(code).matchAll(statements)) {
    if (spec.startsWith('.') || !barrelId.includes(`/node_modules/${spec}/`)) continue;
    const rest = barrelId.slice(barrelId.indexOf(`/node_modules/${spec}/`) + `/node_modules/${spec}/`.length);
    if (!/^(?:esm\/|dist\/|lib\/)?index\.m?js$/.test(rest)) continue;
    found = true;
    const named = /^import\s*\{([^}]*)\}\s*from/.exec(statement);
    if (!named) return undefined;
    for (const part of named[1].split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  }
  return found ? names : undefined;
}

const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
