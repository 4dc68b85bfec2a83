/**
 * File storage behind a small interface: put a buffer, replace a file's bytes, get a stream, delete by key. The real
 * implementation keeps files on local disk under UPLOAD_DIR; another (object storage) can replace
 * it without touching callers. Keys are generated here, never taken from a request.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface FileStorage {
  /** Stores the bytes under a new key such as 'profile-pics/2026-11/3f9c....png'. */
  put(data: Buffer, options: { folder: string; ext: string }): Promise<string>;
  /** Writes new bytes under an existing key, whole or not at all (a reader never sees half a file). */
  replace(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or undefined when there is no such file. */
  get(key: string): Promise<Readable | undefined>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
}

const FOLDER = /^[a-z0-9-]{1,40}$/;
const EXT = /^[a-z0-9]{1,10}$/;
/** folder/yyyy-mm/<32 hex>.<ext>: the only shape put() makes, so anything else is refused. */
export const KEY_PATTERN = /^[a-z0-9-]{1,40}\/\d{4}-\d{2}\/[0-9a-f]{32}\.[a-z0-9]{1,10}$/;

export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new Error(`not a storage key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(data: Buffer, { folder, ext }: { folder: string; ext: string }): Promise<string> {
    if (!FOLDER.test(folder) || !EXT.test(ext)) throw new Error(`bad folder or extension: ${folder}, ${ext}`);
    const key = `${folder}/${new Date().toISOString().slice(0, 7)}/${randomBytes(16).toString('hex')}.${ext}`;
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data, { flag: 'wx' });
    return key;
  }

  async replace(key: string, data: Buffer): Promise<void> {
    const file = this.pathOf(key);
    const temporary = `${file}.${randomBytes(8).toString('hex')}.tmp`;
    await writeFile(temporary, data, { flag: 'wx' });
    await rename(temporary, file).catch(async (err) => {
      await rm(temporary, { force: true });
      throw err;
    });
  }

  /**
   * The file is opened here, not when the stream is first read: a file removed after this answers (a CV replaced, a
   * candidate erased) is still read whole, and a stream dropped unread only closes what it holds. A stream that opened
   * its file later would fail then, with an error no one listens to any more (an uncaught exception).
   */
  async get(key: string): Promise<Readable | undefined> {
    if (!KEY_PATTERN.test(key)) return undefined;
    const handle = await open(this.pathOf(key), 'r').catch(() => undefined);
    if (!handle) return undefined;
    const info = await handle.stat().catch(() => undefined);
    if (info?.isFile()) return handle.createReadStream();
    await handle.close();
    return undefined;
  }

  async delete(key: string): Promise<void> {
    if (!KEY_PATTERN.test(key)) return;
    await rm(this.pathOf(key), { force: true });
  }
}

const instances = new Map<string, FileStorage>();

/** The storage of an upload root (config.uploadDir). */
export function storageAt(root: string): FileStorage {
  let found = instances.get(root);
  if (!found) instances.set(root, (found = new LocalDiskStorage(root)));
  return found;
}
