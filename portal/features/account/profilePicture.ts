/** Checks on a new profile picture before it is sent: PNG, JPEG or WebP, at most 2 MB. */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;

export function pictureError(file: { type: string; size: number }): string | undefined {
  if (!PICTURE_TYPES.includes(file.type)) return 'upload.errors.typeUnsupported';
  if (file.size > PICTURE_MAX_BYTES) return 'upload.errors.tooLarge';
  return undefined;
}
