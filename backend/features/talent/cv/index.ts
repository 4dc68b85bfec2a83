/**
 * CVs: upload and reading into a draft profile (upload.ts, read off the request thread by
 * readCv.ts), which stored files a profile may point at (storedPaths.ts), the purge of unused
 * uploads (jobs/tasks/purge_cv_uploads.ts), and the downloads: the CV, the blind CV and the
 * profile PDF (downloads.ts).
 */
import type { Endpoint } from '../../../endpoints/define';
import { downloadEndpoints } from './downloads';
import { uploadCvEndpoint } from './upload';

export const cvEndpoints: Endpoint[] = [uploadCvEndpoint, ...downloadEndpoints];
