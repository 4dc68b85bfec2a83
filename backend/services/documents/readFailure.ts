/**
 * Why a document could not be read. tooComplex: past a size, time or memory limit; unreadable: not a file of its type;
 * activeContent: macros, scripts or embedded files (activeContent.ts); failed: our fault.
 */
export type ReadFailure = 'tooComplex' | 'unreadable' | 'activeContent' | 'failed';
