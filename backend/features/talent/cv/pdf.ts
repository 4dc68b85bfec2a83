/**
 * The PDFs the product writes about a candidate (the profile and the blind CV), in the portal's
 * design: a brand header band, sections with an accent rule, skills as pills (highlighted ones
 * filled and starred), dated entries with month-precision ranges, and a footer on every page.
 * Drawn with pdfkit's built-in Helvetica, whose WinAnsi encoding covers Western European text.
 */
import PDFDocument from 'pdfkit';

/** The portal's colours (portal/app/theme.ts BRAND), so a downloaded file looks like the product. */
const BRAND = {
  primary: '#1d4ed8',
  primaryDark: '#1e3a8a',
  accent: '#0d9488',
  surface: '#eef2fb',
  ink: '#0f172a',
  muted: '#475569',
  line: '#cbd5e1',
};

export interface DatedEntry {
  title: string;
  /** Company, or degree and institute. */
  subtitle?: string | null;
  /** 'Mar 2023 – present', '2011 – 2015'. */
  dates?: string | null;
  /** Industry, country: small print under the subtitle. */
  details?: string | null;
  description?: string | null;
}

export interface ProfileDocument {
  /** The big line of the header: a name, or a role for the blind CV. */
  title: string;
  /** Under it: contact details, or 'Anonymous profile · Singapore · 9 years of experience'. */
  subtitle: string;
  summary?: string | null;
  /** Label/value lines such as 'Expected salary: SGD 12,000 per month'. */
  facts?: { label: string; value: string }[];
  factsHeading?: string;
  skills?: { name: string; highlighted: boolean }[];
  languages?: string[];
  experience?: DatedEntry[];
  education?: DatedEntry[];
  /** Small print in every page's footer. */
  footer: string;
}

const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/** Characters outside WinAnsi would print as garbage in Helvetica: dashes and quotes map, the rest become '?'. */
export function printable(s: string): string {
  return [...s.replace(/[‐‑‒―]/g, '-').replace(/\t/g, ' ')]
    .map((c) =>
      c === '\n' || (c >= ' ' && c <= '~') || (c >= '\u00a0' && c <= '\u00ff') || WIN_ANSI_EXTRA.includes(c) ? c : '?',
    )
    .join('');
}

const MARGIN = 50;

function star(doc: PDFKit.PDFDocument, cx: number, cy: number, r: number, color: string): void {
  const points: [number, number][] = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]);
  }
  doc.polygon(...points).fill(color);
}

class Layout {
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  get width(): number {
    return this.doc.page.width - 2 * MARGIN;
  }

  /** Starts a new page when less than `height` is left. */
  room(height: number): void {
    if (this.doc.y + height > this.doc.page.height - MARGIN) {
      this.doc.addPage();
      this.doc.y = MARGIN;
    }
  }

  header(title: string, subtitle: string): void {
    const { doc } = this;
    doc.rect(0, 0, doc.page.width, 112).fill(BRAND.primary);
    doc.rect(0, 112, doc.page.width, 4).fill(BRAND.accent);
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor('#dbeafe')
      .text('TALENTBASE', MARGIN, 28, { width: this.width, characterSpacing: 1.5 });
    doc
      .font('Helvetica-Bold')
      .fontSize(22)
      .fillColor('#ffffff')
      .text(printable(title), MARGIN, 44, { width: this.width, lineBreak: false, ellipsis: true });
    doc
      .font('Helvetica')
      .fontSize(10.5)
      .fillColor('#e0e7ff')
      .text(printable(subtitle), MARGIN, 76, { width: this.width, lineBreak: false, ellipsis: true });
    doc.x = MARGIN;
    doc.y = 140;
  }

  section(heading: string): void {
    const { doc } = this;
    this.room(60);
    doc.moveDown(0.6);
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(12).fillColor(BRAND.accent).text(printable(heading), MARGIN, y);
    doc
      .moveTo(MARGIN, doc.y + 3)
      .lineTo(MARGIN + this.width, doc.y + 3)
      .lineWidth(0.6)
      .strokeColor(BRAND.line)
      .stroke();
    doc.y += 10;
  }

  paragraph(text: string, options: { size?: number; color?: string } = {}): void {
    const { doc } = this;
    doc
      .font('Helvetica')
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? BRAND.ink);
    for (const part of printable(text).split(/\n+/)) {
      this.room(doc.heightOfString(part, { width: this.width, lineGap: 2 }));
      doc.text(part, MARGIN, doc.y, { width: this.width, lineGap: 2 });
    }
  }

  facts(facts: { label: string; value: string }[]): void {
    const { doc } = this;
    for (const { label, value } of facts) {
      this.room(16);
      const y = doc.y;
      doc.font('Helvetica').fontSize(9.5).fillColor(BRAND.muted).text(printable(label), MARGIN, y, { width: 140 });
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(BRAND.ink)
        .text(printable(value), MARGIN + 150, y, { width: this.width - 150 });
      doc.y += 3;
    }
  }

  /** Skills as pills in rows; highlighted ones filled in the brand colour with a star. */
  pills(skills: { name: string; highlighted: boolean }[]): void {
    const { doc } = this;
    doc.font('Helvetica').fontSize(9.5);
    const height = 18;
    let x = MARGIN;
    this.room(height + 6);
    let y = doc.y;
    for (const skill of skills) {
      const label = printable(skill.name);
      const width = doc.widthOfString(label) + (skill.highlighted ? 28 : 18);
      if (x + width > MARGIN + this.width) {
        x = MARGIN;
        y += height + 6;
        if (y + height > doc.page.height - MARGIN) {
          doc.addPage();
          y = MARGIN;
        }
      }
      doc.roundedRect(x, y, width, height, 9).fill(skill.highlighted ? BRAND.primary : BRAND.surface);
      if (skill.highlighted) star(doc, x + 11, y + height / 2, 4.5, '#facc15');
      doc
        .fillColor(skill.highlighted ? '#ffffff' : BRAND.ink)
        .text(label, x + (skill.highlighted ? 19 : 9), y + 5, { lineBreak: false });
      x += width + 6;
    }
    doc.x = MARGIN;
    doc.y = y + height + 8;
    if (skills.some((s) => s.highlighted)) {
      star(doc, MARGIN + 4, doc.y + 4, 4, BRAND.primary);
      doc
        .font('Helvetica')
        .fontSize(8.5)
        .fillColor(BRAND.muted)
        .text('Highlighted by the candidate', MARGIN + 12, doc.y, { lineBreak: false });
      doc.x = MARGIN;
      doc.y += 14;
    }
  }

  entry(item: DatedEntry): void {
    const { doc } = this;
    this.room(36);
    const y = doc.y;
    const datesWidth = 130;
    if (item.dates) {
      doc
        .font('Helvetica')
        .fontSize(9.5)
        .fillColor(BRAND.muted)
        .text(printable(item.dates), MARGIN + this.width - datesWidth, y + 1, { width: datesWidth, align: 'right' });
    }
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(BRAND.ink)
      .text(printable(item.title), MARGIN, y, { width: this.width - datesWidth - 10 });
    if (item.subtitle) {
      doc
        .font('Helvetica')
        .fontSize(10)
        .fillColor(BRAND.primaryDark)
        .text(printable(item.subtitle), MARGIN, doc.y, { width: this.width - datesWidth - 10 });
    }
    if (item.details) {
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor(BRAND.muted)
        .text(printable(item.details), MARGIN, doc.y, { width: this.width - datesWidth - 10 });
    }
    if (item.description) {
      doc.y += 3;
      this.paragraph(item.description, { size: 9.5, color: '#1f2937' });
    }
    doc.y += 8;
  }

  footers(text: string): void {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i += 1) {
      doc.switchToPage(i);
      const bottom = doc.page.margins.bottom;
      // Writing inside the bottom margin would otherwise open a new page.
      doc.page.margins.bottom = 0;
      const y = doc.page.height - 34;
      doc
        .moveTo(MARGIN, y - 8)
        .lineTo(doc.page.width - MARGIN, y - 8)
        .lineWidth(0.5)
        .strokeColor(BRAND.line)
        .stroke();
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(BRAND.muted)
        .text(printable(text), MARGIN, y, { width: this.width - 60, lineBreak: false, ellipsis: true });
      doc.text(`Page ${i - range.start + 1} of ${range.count}`, MARGIN + this.width - 60, y, {
        width: 60,
        align: 'right',
        lineBreak: false,
      });
      doc.page.margins.bottom = bottom;
    }
  }
}

export function renderProfile(profile: ProfileDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: printable(profile.title), Producer: 'Talentbase', Creator: 'Talentbase' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const page = new Layout(doc);
  page.header(profile.title, profile.subtitle);
  if (profile.summary) {
    page.section('Summary');
    page.paragraph(profile.summary);
  }
  if (profile.facts?.length) {
    page.section(profile.factsHeading ?? 'Looking for');
    page.facts(profile.facts);
  }
  if (profile.skills?.length) {
    page.section('Skills');
    page.pills(profile.skills);
  }
  if (profile.languages?.length) {
    page.section('Languages');
    page.paragraph(profile.languages.join('  ·  '));
  }
  if (profile.experience?.length) {
    page.section('Experience');
    for (const item of profile.experience) page.entry(item);
  }
  if (profile.education?.length) {
    page.section('Education');
    for (const item of profile.education) page.entry(item);
  }
  page.footers(profile.footer);
  doc.end();
  return done;
}
