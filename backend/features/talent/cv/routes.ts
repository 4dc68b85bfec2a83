/**
 * CVs: upload and parse into a draft profile, download the CV, the blind CV and a profile PDF.
 *   POST candidates/cv-data            multipart `file` (PDF or DOCX), optional `candidateId`
 *   GET  candidates/:id/cv             the CV as uploaded
 *   GET  candidates/resume/:id         the blind CV (an uploaded one, or the CV with personal data removed)
 *   GET  candidates/get-pdf?id=        the profile as a PDF
 * Who may download is declared in the candidate's permissions (action `download`); anyone else
 * gets 403 downloadForbidden.
 */
import { subject as asSubject } from '@casl/ability';
import { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import { entity } from '../../../../schema';
import { CV_FOLDER } from '../../../../schema/entities/talentOptions';
import { storageFor } from '../../../adapters/storage/select';
import { parseId } from '../../../crud/ids';
import { AppError, badRequest, notFound, unauthorized } from '../../../errors';
import { abilityFor } from '../../../../schema/ability';
import { redactCv } from './blind';
import { cvText, CV_CONTENT_TYPES, sniffCvType, type CvType } from './extractText';
import { cvLookups } from './lookups';
import { cvName, parseCv, unwrapLines } from './parseCv';
import { profilePdf, textPdf } from './pdf';
import { profileDocument } from './profile';

const candidate = entity('candidate');
const downloadForbidden = () => new AppError(403, 'downloadForbidden');

interface CandidateRow {
  id: number;
  guid: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  resume_path: string | null;
  blind_resume_path: string | null;
  hk_address: string | null;
  hk_city: string | null;
  hk_zip: string | null;
}

/** Multer's limits and errors become the spec's upload message keys. */
function upload(req: Request, res: Response, next: NextFunction) {
  const handler = multer({ storage: multer.memoryStorage(), limits: { files: 1, fileSize: req.ctx.config.cvMaxBytes, fields: 5 } }).any();
  handler(req, res, (err: unknown) => {
    if (!err) return next();
    const code = (err as { code?: string }).code;
    if (code === 'LIMIT_FILE_SIZE') return next(new AppError(413, 'upload.errors.tooLarge', undefined, { file: 'upload.errors.tooLarge' }));
    if (code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE')
      return next(badRequest({ file: 'upload.errors.tooManyFiles' }, 'upload.errors.tooManyFiles'));
    return next(badRequest({ file: 'upload.errors.invalid' }, 'upload.errors.invalid'));
  });
}

async function loadCandidate(req: Request, raw: unknown): Promise<CandidateRow> {
  if (req.actor.role === 'guest') throw unauthorized();
  const id = parseId(candidate, raw);
  const row = id ? ((await req.ctx.knex('candidates').where('id', id).first()) as CandidateRow | undefined) : undefined;
  if (!row) throw notFound();
  return row;
}

function mayDownload(req: Request, row: CandidateRow, field: string): void {
  const record = { id: row.id, firstName: row.first_name, lastName: row.last_name, email: row.email };
  if (!abilityFor(req.actor).can('download', asSubject(candidate.subject, record), field)) throw downloadForbidden();
}

function sendPdf(res: Response, name: string, data: Buffer) {
  res.set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}.pdf"`, 'Cache-Control': 'private, no-store' });
  res.send(data);
}

const fileName = (row: CandidateRow, suffix: string) =>
  `${`${row.first_name ?? ''}-${row.last_name ?? ''}`.replace(/[^A-Za-z0-9-]/g, '') || row.guid}-${suffix}`;

export function cvRouter(): Router {
  const router = Router();

  router.post('/cv-data', upload, async (req, res) => {
    if (req.actor.role === 'guest') throw unauthorized();
    const ability = abilityFor(req.actor);
    const body = (req.body ?? {}) as Record<string, unknown>;
    // The CV is for an existing candidate (the candidate's own page, an admin editing), or for a new profile.
    const forId =
      body.candidateId !== undefined && body.candidateId !== ''
        ? parseId(candidate, body.candidateId)
        : req.actor.role === 'candidate'
          ? req.actor.id
          : undefined;
    if (body.candidateId !== undefined && body.candidateId !== '' && !forId) throw badRequest({ candidateId: 'candidateId.errors.invalid' });
    let owner: { id: number; guid: string } | undefined;
    if (forId) {
      owner = await req.ctx.knex('candidates').where('id', forId).first('id', 'guid');
      if (!owner) throw notFound();
      if (!ability.can('update', asSubject(candidate.subject, { id: owner.id }), 'resumePath')) throw new AppError(403, 'errors.forbidden');
    } else if (!ability.can('create', candidate.subject)) throw new AppError(403, 'errors.forbidden');

    const files = (req.files ?? []) as Express.Multer.File[];
    if (files.length === 0 || files[0].fieldname !== 'file') throw badRequest({ file: 'upload.errors.required' }, 'upload.errors.required');
    const file = files[0];
    const type = sniffCvType(file.buffer);
    if (!type || !/\.(pdf|docx)$/i.test(file.originalname) || !file.originalname.toLowerCase().endsWith(type)) {
      throw badRequest({ file: 'upload.errors.unsupportedType' }, 'upload.errors.unsupportedType');
    }
    const content = await cvText(file.buffer, type);
    if (content === undefined) throw badRequest({ file: 'upload.errors.unreadable' }, 'upload.errors.unreadable');
    const draft = parseCv(content, await cvLookups(req.ctx.knex));
    const key = await storageFor(req.ctx.config).put(file.buffer, { folder: CV_FOLDER, ext: type });
    res.status(201).json({
      fileType: type,
      newCvFilePathToDb: key,
      userId: owner ? `${candidate.idPrefix}${owner.id}` : null,
      guid: owner?.guid ?? null,
      draft,
    });
  });

  router.get('/:id/cv', async (req, res, next) => {
    const row = await loadCandidate(req, req.params.id);
    mayDownload(req, row, 'resumePath');
    if (!row.resume_path) throw notFound('cv.errors.notFound');
    const stream = await storageFor(req.ctx.config).get(row.resume_path);
    if (!stream) throw notFound('cv.errors.notFound');
    const type = row.resume_path.split('.').pop() as CvType;
    res.set({
      'Content-Type': CV_CONTENT_TYPES[type],
      'Content-Disposition': `attachment; filename="${fileName(row, 'cv')}.${type}"`,
      'Cache-Control': 'private, no-store',
    });
    stream.on('error', next).pipe(res);
  });

  router.get('/resume/:id', async (req, res, next) => {
    const row = await loadCandidate(req, req.params.id);
    mayDownload(req, row, 'blindResumePath');
    const storage = storageFor(req.ctx.config);
    // An admin-made blind CV wins over the generated one.
    if (row.blind_resume_path) {
      const stream = await storage.get(row.blind_resume_path);
      if (stream) {
        const type = row.blind_resume_path.split('.').pop() as CvType;
        res.set({
          'Content-Type': CV_CONTENT_TYPES[type],
          'Content-Disposition': `attachment; filename="${row.guid}-blind-cv.${type}"`,
          'Cache-Control': 'private, no-store',
        });
        stream.on('error', next).pipe(res);
        return;
      }
    }
    if (!row.resume_path) throw notFound('cv.errors.notFound');
    const stream = await storage.get(row.resume_path);
    if (!stream) throw notFound('cv.errors.notFound');
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const content = await cvText(Buffer.concat(chunks), row.resume_path.split('.').pop() as CvType);
    if (content === undefined) throw notFound('cv.errors.notFound');
    // The name on the CV may differ from the profile's (a maiden name, a nickname): both go.
    const [cvFirst, cvLast] = cvName(content);
    const blind = redactCv(unwrapLines(content).join('\n'), {
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phone: row.phone,
      address: [row.hk_address, row.hk_city, row.hk_zip, cvFirst, cvLast],
    });
    sendPdf(res, `${row.guid}-blind-cv`, await textPdf(`Candidate ${row.guid.slice(0, 8)}`, blind));
  });

  router.get('/get-pdf', async (req, res) => {
    const row = await loadCandidate(req, req.query.id);
    // The profile PDF carries contact details, so it needs the right to download them.
    mayDownload(req, row, 'email');
    const doc = await profileDocument(req.ctx.knex, row.id);
    if (!doc) throw notFound();
    sendPdf(res, fileName(row, 'profile'), await profilePdf(doc.title, doc.subtitle, doc.sections));
  });
  return router;
}
