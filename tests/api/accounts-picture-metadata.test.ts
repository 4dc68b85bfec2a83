/**
 * A profile picture is kept without its metadata: a photo's EXIF holds where it was taken (GPS) and the camera's
 * serial number, its XMP and comments the owner's name. JPEG, PNG and WebP pictures are served with the picture and
 * nothing else; a file that only starts like a picture is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app';
import {
  ADOBE_SEGMENT,
  AUTHOR,
  JPEG,
  jpegWithMetadata,
  PNG,
  pngWithMetadata,
  webpScrubbed,
  webpWithMetadata,
} from '../helpers/metadataFiles';

const binary = (res: import('superagent').Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('A profile picture keeps no metadata', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await testApp();
    auth = { Authorization: `Bearer ${await t.login('owner@acme.example.com')}` };
  });

  async function stored(data: Buffer, name: string): Promise<Buffer> {
    const res = await t.http.put('/api/v1/auth/account').set(auth).attach('profilePicEdit', data, name);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const picture = await t.http.get(res.body.data.profilePic).buffer(true).parse(binary);
    expect(picture.status).toBe(200);
    return picture.body as Buffer;
  }

  it('a JPEG loses its EXIF (GPS, camera serial), XMP, Photoshop block and comment; the image is unchanged', async () => {
    const input = jpegWithMetadata();
    expect(input.toString('latin1')).toContain(AUTHOR);
    const body = await stored(input, 'me.jpg');
    expect(body.toString('latin1')).not.toMatch(new RegExp(`${AUTHOR}|Exif|SN-4417|103\\.819836|xmpmeta`));
    const app0End = 4 + JPEG.readUInt16BE(4);
    expect(body).toEqual(Buffer.concat([JPEG.subarray(0, app0End), ADOBE_SEGMENT, JPEG.subarray(app0End)]));
  });

  it('a PNG loses its text, EXIF and time chunks, a WebP its EXIF and XMP', async () => {
    expect(await stored(pngWithMetadata(), 'me.png')).toEqual(PNG);
    expect(await stored(webpWithMetadata(), 'me.webp')).toEqual(webpScrubbed());
  });

  it('refuses a file that only starts like a picture', async () => {
    const res = await t.http
      .put('/api/v1/auth/account')
      .set(auth)
      .attach(
        'profilePicEdit',
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x7f, 0xff]), Buffer.alloc(20)]),
        'me.jpg',
      );
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ profilePicEdit: 'upload.errors.unreadable' });
  });
});
