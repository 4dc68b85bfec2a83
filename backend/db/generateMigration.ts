/** `npm run db:migration:generate -- <name>`: diffs schema/ against schema/snapshot.json and writes a migration. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { diffShapes, migrationFile } from './diff';
import { databaseShape, type DatabaseShape } from './shape';

const root = path.resolve(import.meta.dirname, '../..');
const snapshotPath = path.join(root, 'schema', 'snapshot.json');

function stamp(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}

const name = process.argv[2];
if (!name || !/^[a-z][a-z0-9_]*$/.test(name)) {
  console.error('Usage: npm run db:migration:generate -- <verb_object in snake_case>');
  process.exit(1);
}
const previous: DatabaseShape = existsSync(snapshotPath) ? JSON.parse(readFileSync(snapshotPath, 'utf8')) : {};
const current = databaseShape();
const source = diffShapes(previous, current);
if (source.up.length === 0) {
  console.log('The schema matches the last migration: nothing to generate.');
  process.exit(0);
}
const file = path.join(root, 'migrations', `${stamp()}_${name}.ts`);
writeFileSync(file, migrationFile(source));
writeFileSync(snapshotPath, JSON.stringify(current, null, 2) + '\n');
console.log(`Wrote ${path.relative(root, file)} and updated schema/snapshot.json. Review it before committing.`);
