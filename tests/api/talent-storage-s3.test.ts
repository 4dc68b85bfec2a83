import { readdir } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../../backend/adapters/storage/s3';
import { testApp, type TestApp } from '../helpers/app';
import { s3StandIn } from '../helpers/s3';
import { tempDirUntilFileEnd } from '../helpers/fileEnd';

// A real 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('The S3-compatible storage adapter', () => {
  const s3 = s3StandIn();
  const { objects } = s3;
  let storage: S3Storage;

  beforeAll(async () => {
    storage = new S3Storage(await s3.start('cvs-bucket'));
  });
  afterAll(() => s3.stop());

  it('Stores a CV under a generated key, reads it back and deletes it', async () => {
    const key = await storage.put(Buffer.from('%PDF-1.4 a CV'), { folder: 'cvs', ext: 'pdf' });
    expect(key).toMatch(/^cvs\/\d{4}-\d{2}\/[0-9a-f]{32}\.pdf$/);
    expect(objects.has(`/cvs-bucket/${key}`)).toBe(true);
    expect(await text((await storage.get(key))!)).toBe('%PDF-1.4 a CV');
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
  });

  it('Refuses keys it did not make', async () => {
    expect(await storage.get('../../etc/passwd')).toBeUndefined();
    await expect(storage.put(Buffer.from('x'), { folder: '../up', ext: 'pdf' })).rejects.toThrow();
  });
});

describe('Profile pictures with STORAGE_DRIVER=s3', () => {
  const s3 = s3StandIn();
  let t: TestApp;
  let uploadDir: string;

  beforeAll(async () => {
    uploadDir = tempDirUntilFileEnd('uploads-s3');
    t = await testApp({ uploadDir, storage: { driver: 's3', s3: await s3.start('pictures') } });
  });
  afterAll(() => s3.stop());

  it('Are stored in the bucket, served from /uploads, and the replaced one is removed', async () => {
    const auth = { Authorization: `Bearer ${await t.login('owner@acme.example.com')}` };
    const upload = (picture: Buffer) =>
      t.http
        .put('/api/v1/auth/account')
        .set(auth)
        .field('firstName', 'Olivia')
        .field('lastName', 'Tan')
        .attach('profilePicEdit', picture, { filename: 'me.png', contentType: 'image/png' })
        .expect(200);
    const first = (await upload(PNG)).body.data.profilePic as string;
    expect(first).toMatch(/^\/uploads\/profile-pics\/.+\.png$/);
    const key = first.slice('/uploads/'.length);
    expect([...s3.objects.keys()]).toEqual([`/pictures/${key}`]);
    expect(await readdir(uploadDir), 'nothing on local disk').toEqual([]);
    const served = await t.http.get(first).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);

    const second = (await upload(Buffer.concat([PNG, Buffer.from([0])]))).body.data.profilePic as string;
    expect(second).not.toBe(first);
    expect([...s3.objects.keys()]).toEqual([`/pictures/${second.slice('/uploads/'.length)}`]);
    await t.http.get(first).expect(404);
  });
});
