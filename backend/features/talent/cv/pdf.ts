/** PDFs the product writes with pdfkit: a plain text document (the blind CV) and a candidate's profile. */
import PDFDocument from 'pdfkit';

export interface ProfileSection {
  heading: string;
  lines: string[];
}

function render(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Producer: 'Talentbase', Creator: 'Talentbase' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** The built-in Helvetica covers Latin-1 only; other characters would print as garbage. */
const latin1 = (s: string) =>
  s
    .replace(/[‐-―]/g, '-')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[^\n\x20-\x7e\xa0-\xff]/g, '?');

export function textPdf(title: string, text: string): Promise<Buffer> {
  return render((doc) => {
    doc.font('Helvetica-Bold').fontSize(16).text(latin1(title));
    doc.moveDown();
    doc.font('Helvetica').fontSize(10).text(latin1(text), { lineGap: 2 });
  });
}

export function profilePdf(title: string, subtitle: string, sections: ProfileSection[]): Promise<Buffer> {
  return render((doc) => {
    doc.font('Helvetica-Bold').fontSize(20).fillColor('#0b5cad').text(latin1(title));
    doc.font('Helvetica').fontSize(11).fillColor('#1f2937').text(latin1(subtitle));
    for (const section of sections) {
      if (!section.lines.length) continue;
      doc.moveDown();
      doc.font('Helvetica-Bold').fontSize(13).fillColor('#0b5cad').text(latin1(section.heading));
      doc.font('Helvetica').fontSize(10).fillColor('#1f2937');
      for (const line of section.lines) doc.text(latin1(line), { lineGap: 2 });
    }
  });
}
