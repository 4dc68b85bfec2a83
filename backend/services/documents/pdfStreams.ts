/**
 * A PDF's compressed streams, unpacked within a budget before pdf.js reads the file. pdf.js has no limit of its own
 * on what a stream unpacks to, and a file of a few hundred kilobytes can hold streams that unpack to hundreds of
 * megabytes: read whole, it costs the one reading thread seconds before its memory watch stops it (readWorker.ts).
 * Here each stream is unpacked with zlib told where to stop, so such a file is refused as soon as the budget is
 * crossed. A stream that is not zlib data (a JPEG, another filter) is left to pdf.js and the memory watch.
 */
import { constants, inflateSync } from 'node:zlib';
import { activePdfName, CvActiveContent } from './activeContent';
import { CvTooLarge } from './docx';

const STREAM = Buffer.from('stream');
const END = Buffer.from('endstream');

/** A zlib header: deflate with a window of at most 32 KB, and the header's check bits right. */
const isZlib = (data: Buffer, at: number) =>
  at + 1 < data.length && (data[at] & 0x0f) === 8 && data[at] >> 4 <= 7 && ((data[at] << 8) | data[at + 1]) % 31 === 0;

/**
 * The stream at `at` holds objects (its dictionary says /Type /ObjStm): their names are read for active content
 * (activeContent.ts). Other streams (page contents, fonts, images) are not, so an image's bytes never look like one.
 */
function isObjectStream(data: Buffer, at: number): boolean {
  const before = data.toString('latin1', Math.max(0, at - 1024), at);
  return /\/Type\s*\/ObjStm/.test(before.slice(before.lastIndexOf(' obj') + 1));
}

/** Throws CvActiveContent for an object stream naming active content, and CvTooLarge once the streams together unpack past `budget` bytes. */
export function checkPdfStreams(data: Buffer, budget: number): void {
  let left = budget;
  let at = data.indexOf(STREAM);
  while (at >= 0) {
    // The keyword ends a dictionary ('>>' then white space) and is followed by an end of line; 'endstream' is not it.
    let start = at + STREAM.length;
    if (data[start] === 0x0d) start += 1;
    if (data[start] === 0x0a) start += 1;
    const keyword = at < 3 || data.toString('latin1', at - 3, at) !== 'end';
    const end = keyword ? data.indexOf(END, start) : -1;
    if (keyword && end > start && isZlib(data, start)) {
      let size = 0;
      try {
        const out = inflateSync(data.subarray(start, end), {
          maxOutputLength: left + 1,
          finishFlush: constants.Z_SYNC_FLUSH,
        });
        size = out.length;
        const name = isObjectStream(data, at) ? activePdfName(out.toString('latin1')) : undefined;
        if (name) throw new CvActiveContent(`/${name} in an object stream`);
      } catch (err) {
        if (err instanceof CvActiveContent) throw err;
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          throw new CvTooLarge('the streams unpack past the limit');
        // Damaged data: pdf.js decides what to make of it.
      }
      left -= size;
      if (left < 0) throw new CvTooLarge('the streams unpack past the limit');
    }
    at = data.indexOf(STREAM, end > start ? end + END.length : start);
  }
}
