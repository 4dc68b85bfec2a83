/** The storage the configuration names: local disk under UPLOAD_DIR (default) or S3 (STORAGE_DRIVER=s3). */
import type { Config } from '../../config';
import { storageAt, type FileStorage } from './index';
import { S3Storage } from './s3';

let s3: { key: string; storage: FileStorage } | undefined;

export function storageFor(config: Config): FileStorage {
  if (config.storage.driver !== 's3' || !config.storage.s3) return storageAt(config.uploadDir);
  const key = JSON.stringify(config.storage.s3);
  if (s3?.key !== key) s3 = { key, storage: new S3Storage(config.storage.s3) };
  return s3.storage;
}
