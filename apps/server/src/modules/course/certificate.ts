import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import { makeSanitizer } from '../../lib/pdf-text';

export interface CertificateInput {
  name: string;
  courseTitle: string;
  courseVersion: number;
  percent: number;
  issuedAt: Date;
  verificationId: string;
  verifyUrl: string;
}

const WIDTH = 841.89; // A4 landscape, points
const HEIGHT = 595.28;
const INK = rgb(0.12, 0.13, 0.16);
const MUTED = rgb(0.38, 0.41, 0.46);
const ACCENT = rgb(0.1, 0.33, 0.55);

/** The certificate of completion: name, course, score, date and the id that verifies it. */
export async function renderCertificate(input: CertificateInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const clean = makeSanitizer(regular, bold);
  const page = pdf.addPage([WIDTH, HEIGHT]);

  page.drawRectangle({ x: 24, y: 24, width: WIDTH - 48, height: HEIGHT - 48, borderColor: ACCENT, borderWidth: 2 });
  page.drawRectangle({ x: 32, y: 32, width: WIDTH - 64, height: HEIGHT - 64, borderColor: rgb(0.8, 0.84, 0.9), borderWidth: 0.75 });

  const centred = (text: string, y: number, font: PDFFont, size: number, color = INK) => {
    let value = clean(text);
    // Shrink a very long line (a long name) rather than let it run off the page.
    let s = size;
    while (font.widthOfTextAtSize(value, s) > WIDTH - 140 && s > 8) s -= 1;
    if (font.widthOfTextAtSize(value, s) > WIDTH - 140) value = `${value.slice(0, 80)}...`;
    page.drawText(value, { x: (WIDTH - font.widthOfTextAtSize(value, s)) / 2, y, font, size: s, color });
  };

  const date = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'long', timeZone: 'Africa/Johannesburg' }).format(input.issuedAt);
  centred('Practitioner Portal', 500, bold, 14, ACCENT);
  centred('Certificate of completion', 440, bold, 34);
  centred('This certifies that', 392, regular, 14, MUTED);
  centred(input.name, 350, bold, 28);
  centred(`has completed the ${input.courseTitle}`, 306, regular, 15);
  centred(`and passed its test with ${input.percent}%.`, 284, regular, 15);
  centred(`Issued ${date}`, 230, regular, 13, MUTED);

  page.drawLine({ start: { x: 120, y: 150 }, end: { x: WIDTH - 120, y: 150 }, thickness: 0.5, color: rgb(0.8, 0.84, 0.9) });
  centred(`Verification id: ${input.verificationId}`, 124, regular, 11, MUTED);
  centred(`Course version ${input.courseVersion}. Verify at ${input.verifyUrl}`, 106, regular, 9, MUTED);

  pdf.setTitle(`Certificate of completion - ${input.name}`, { showInWindowTitleBar: true });
  pdf.setSubject(input.courseTitle);
  pdf.setAuthor('the Provider');
  pdf.setCreator('Practitioner Portal');
  pdf.setProducer('Practitioner Portal (pdf-lib)');
  pdf.setKeywords([input.verificationId]);
  pdf.setCreationDate(input.issuedAt);
  pdf.setModificationDate(input.issuedAt);
  return pdf.save({ useObjectStreams: false });
}
