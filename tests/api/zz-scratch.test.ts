import { writeFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { it } from 'vitest';
import { bearer, talentWorld } from '../helpers/talent';

const binary = (res: import('superagent').Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
function pdfCv(lines: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (const line of lines) doc.text(line);
    doc.end();
  });
}
it('scratch', async () => {
  const { t, admin, demoId } = await talentWorld();
  const pdf = await pdfCv([
    'Jane Tan',
    'Singapore',
    'jane@x.com',
    'Summary',
    'Jane Tan is a backend engineer. Call her at +65 9123 4567 or see @janetan. She led payments.',
    'Experience',
    'Senior Engineer, Acme (Mar 2020 - Present)',
    'Led a team. NRIC S1234567D.',
    'References',
    'Mr. Tan Ah Kow, +65 8765 4321',
  ]);
  const up = await t.http.post('/api/v1/candidates/cv-data').set(bearer(admin)).attach('file', pdf, 'cv.pdf').expect(201);
  await t.http.put(`/api/v1/candidates/${demoId}`).set(bearer(admin)).send({ resumePath: up.body.newCvFilePathToDb }).expect(200);
  const p = await t.http.get(`/api/v1/candidates/get-pdf?id=${demoId}`).set(bearer(admin)).buffer(true).parse(binary).expect(200);
  writeFileSync('/tmp/cv-scratch/profile.pdf', p.body);
  const b = await t.http.get(`/api/v1/candidates/resume/${demoId}`).set(bearer(admin)).buffer(true).parse(binary).expect(200);
  writeFileSync('/tmp/cv-scratch/blind.pdf', b.body);
  console.log(b.headers['content-disposition']);
  await t.http.put(`/api/v1/candidates/${demoId}`).set(bearer(admin)).send({ summary: null, experiences: [] }).expect(200);
  const b2 = await t.http.get(`/api/v1/candidates/resume/${demoId}`).set(bearer(admin)).buffer(true).parse(binary).expect(200);
  writeFileSync('/tmp/cv-scratch/blind2.pdf', b2.body);
  console.log(b2.headers['content-disposition']);
});
