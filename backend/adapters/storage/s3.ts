/**
 * The production option of file storage: any S3-compatible object store (AWS S3, MinIO, R2...).
 * Same keys and contract as LocalDiskStorage; chosen with STORAGE_DRIVER=s3 (see storageFor).
 */
import { randomBytes } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { KEY_PATTERN, type FileStorage } from './index';

export interface S3Settings {
  bucket: string;
  region: string;
  /** For S3-compatible stores; AWS itself needs none. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

const FOLDER = /^[a-z0-9-]{1,40}$/;
const EXT = /^[a-z0-9]{1,10}$/;

export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      // Many S3-compatible stores reject the SDK's default streamed checksums; send them only where S3 requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
  }

  async put(data: Buffer, { folder, ext }: { folder: string; ext: string }): Promise<string> {
    if (!FOLDER.test(folder) || !EXT.test(ext)) throw new Error(`bad folder or extension: ${folder}, ${ext}`);
    const key = `${folder}/${new Date().toISOString().slice(0, 7)}/${randomBytes(16).toString('hex')}.${ext}`;
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: data }));
    return key;
  }

  async replace(key: string, data: Buffer): Promise<void> {
    if (!KEY_PATTERN.test(key)) throw new Error(`not a storage key: ${key}`);
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: data }));
  }

  async get(key: string): Promise<Readable | undefined> {
    if (!KEY_PATTERN.test(key)) return undefined;
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return out.Body as Readable | undefined;
    } catch (err) {
      if (
        err instanceof NoSuchKey ||
        (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
      )
        return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    if (!KEY_PATTERN.test(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }
}
