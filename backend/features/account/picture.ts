/**
 * Profile pictures: PNG, JPEG or WebP up to 2 MB, recognised by their bytes rather than the name or type the browser
 * claims, and kept without their metadata: a photo's EXIF and XMP can hold where it was taken (GPS), the camera's
 * serial number and its owner's name, and the picture is shown to companies.
 */
import { badRequest } from '../../errors';
import { CvUnreadable } from '../../services/documents/docx';
import { scrubImage } from '../../services/documents/scrubImage';

export const PROFILE_PIC_MAX_BYTES = 2 * 1024 * 1024;

const startsWith = (data: Buffer, bytes: number[], offset = 0) => bytes.every((b, i) => data[offset + i] === b);

/** 'png', 'jpg' or 'webp' for a picture of an accepted type, otherwise undefined. */
export function pictureExtension(data: Buffer): 'png' | 'jpg' | 'webp' | undefined {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return undefined;
}

/** The picture without its EXIF, XMP and text chunks; 400 upload.errors.unreadable for one whose bytes do not parse. */
export function pictureWithoutMetadata(data: Buffer): Buffer {
  try {
    return scrubImage(data);
  } catch (err) {
    if (err instanceof CvUnreadable) throw badRequest({ profilePicEdit: 'upload.errors.unreadable' });
    throw err;
  }
}
