import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './index';

const root = mkdtempSync(path.join(os.tmpdir(), 'talentbase-storage-'));
const storage = new LocalDiskStorage(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('Local disk storage', () => {
  it('hands out a stored file whole even when it is removed before being read', async () => {
    const key = await storage.put(Buffer.from('Ada Lovelace, CV'), { folder: 'cvs', ext: 'txt' });
    const stream = await storage.get(key);
    expect(stream).toBeDefined();
    rmSync(path.join(root, ...key.split('/')));
    await expect(text(stream as Readable)).resolves.toBe('Ada Lovelace, CV');
    await expect(storage.get(key)).resolves.toBeUndefined();
  });

  it('a stream dropped unread raises nothing later, even when its file is gone', async () => {
    const key = await storage.put(Buffer.from('Grace Hopper, CV'), { folder: 'cvs', ext: 'txt' });
    const stream = (await storage.get(key)) as Readable;
    const errors: unknown[] = [];
    stream.on('error', (err) => errors.push(err));
    rmSync(path.join(root, ...key.split('/')));
    stream.destroy();
    await new Promise((resolve) => stream.once('close', resolve));
    expect(errors).toEqual([]);
  });

  it('answers undefined for a key it never made or a file that is not there', async () => {
    await expect(storage.get('../../etc/passwd')).resolves.toBeUndefined();
    await expect(storage.get('cvs/2026-12/0123456789abcdef0123456789abcdef.pdf')).resolves.toBeUndefined();
  });
});
