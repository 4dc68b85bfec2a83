/**
 * What `npm ci` checks before it installs, read from the lock file: every package runs on the oldest
 * Node our engines line accepts (else npm warns EBADENGINE), and every dependency and peer the lock
 * resolves is in the range its dependent asks for (else npm refuses the lock as out of sync).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  overrides?: Record<string, string | Record<string, string>>;
};

interface Locked {
  version?: string;
  engines?: Record<string, string> | string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  link?: boolean;
}
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, Locked>;
};

/** The lock's entry Node would load for `name` required from the package at `from` (its own folder, then upwards). */
function resolved(from: string, name: string): [string, Locked] | undefined {
  let dir = from;
  for (;;) {
    const at = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[at]) return [at, lock.packages[at]];
    if (!dir) return undefined;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up < 0 ? '' : dir.slice(0, up);
  }
}

/** The range npm installs for `name` under the package at `at`: package.json's overrides replace the dependent's own. */
function rangeOf(at: string, name: string, asked: string): string {
  const dependent = at.slice(at.lastIndexOf('node_modules/') + 'node_modules/'.length);
  const scoped = manifest.overrides?.[dependent];
  const override = (typeof scoped === 'object' ? scoped[name] : undefined) ?? manifest.overrides?.[name];
  return typeof override === 'string' ? override : asked;
}

describe('Installing the locked packages', () => {
  const oldest = semver.minVersion(manifest.engines.node)!.version;

  it(`Every locked package runs on Node ${oldest}, the oldest our engines line accepts`, () => {
    const refused = Object.entries(lock.packages).flatMap(([at, p]) => {
      const node = p.engines && !Array.isArray(p.engines) ? p.engines.node : undefined;
      return node && !semver.satisfies(oldest, node) ? [`${at}@${p.version} wants node ${node}`] : [];
    });
    expect(refused).toEqual([]);
  });

  it('Every dependency and peer the lock resolves is in the range its dependent asks for', () => {
    const outOfRange: string[] = [];
    for (const [at, p] of Object.entries(lock.packages)) {
      if (at === '' || p.link) continue;
      // Optional peers are the dependent's to cope with: npm neither installs nor checks them.
      const peers = Object.entries(p.peerDependencies ?? {}).filter(([n]) => !p.peerDependenciesMeta?.[n]?.optional);
      const wanted = { ...p.dependencies, ...Object.fromEntries(peers) };
      for (const [name, asked] of Object.entries(wanted)) {
        const range = rangeOf(at, name, asked);
        const found = resolved(at, name);
        if (!found) {
          outOfRange.push(`${at} needs ${name}@${range}: not in the lock`);
          continue;
        }
        const [where, dep] = found;
        if (
          dep.version &&
          semver.validRange(range) &&
          !semver.satisfies(dep.version, range, { includePrerelease: true })
        )
          outOfRange.push(`${at} needs ${name}@${range}, the lock has ${where}@${dep.version}`);
      }
    }
    expect(outOfRange).toEqual([]);
  });
});
