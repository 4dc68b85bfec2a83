/** Builds the console and the portal when their sources changed since the last build, so `npm start` stays quick. */
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const inputs = ['admin', 'portal', 'schema', 'package-lock.json'];

function walk(p: string, out: string[]) {
  if (!existsSync(p)) return;
  if (statSync(p).isDirectory()) for (const name of readdirSync(p).sort()) walk(path.join(p, name), out);
  else out.push(p);
}

const files: string[] = [];
for (const input of inputs) walk(path.join(root, input), files);
const hash = createHash('sha1');
for (const file of files) hash.update(file).update(readFileSync(file));
const digest = hash.digest('hex');
const stamp = path.join(root, 'dist', '.build-hash');
if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) process.exit(0);
console.log('Building the admin console and the portal (first start or changed sources)...');
execSync('npm run build --silent', { cwd: root, stdio: 'inherit' });
writeFileSync(stamp, digest);
