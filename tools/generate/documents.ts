/**
 * Non-raster files written by hand, all deterministic (no dates): SVG logos/icons/drawings/illustrations,
 * one-page PDF 1.4 documents with a correct xref table, STEP (CAD), glTF (3D view) and WAV (audio).
 * Each function returns the file's bytes.
 */
import { rngFor } from './random';

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export type SvgStyle = 'logo' | 'icon' | 'drawing' | 'image';

export function svgFile(
  style: SvgStyle,
  width: number,
  height: number,
  title: string,
  label: string,
  seed: number,
): Buffer {
  const rng = rngFor(seed, 'svg', 0);
  const hue = rng.int(0, 359);
  const font = Math.max(8, Math.round(Math.min(width, height) / 14));
  const parts: string[] = [];
  if (style === 'logo') {
    parts.push(
      `<rect width="${height}" height="${height}" rx="${Math.round(height / 6)}" fill="hsl(${hue},60%,35%)"/>`,
    );
    parts.push(
      `<path d="M${height * 0.2} ${height * 0.75} L${height * 0.5} ${height * 0.25} L${height * 0.8} ${height * 0.75} Z" fill="#fff"/>`,
    );
    parts.push(
      `<text x="${height * 1.15}" y="${height * 0.62}" font-family="sans-serif" font-weight="bold" font-size="${Math.round(height * 0.42)}" fill="hsl(${hue},60%,30%)">${xml(title)}</text>`,
    );
  } else if (style === 'icon') {
    parts.push(
      `<circle cx="${width / 2}" cy="${height / 2}" r="${width * 0.45}" fill="hsl(${hue},70%,40%)"/>`,
    );
    parts.push(
      `<rect x="${width * 0.3}" y="${height * 0.3}" width="${width * 0.4}" height="${height * 0.4}" fill="#fff"/>`,
    );
  } else if (style === 'drawing') {
    parts.push(`<rect width="${width}" height="${height}" fill="#fff"/>`);
    parts.push(
      `<g fill="none" stroke="#123" stroke-width="2"><rect x="${width * 0.15}" y="${height * 0.3}" width="${width * 0.6}" height="${height * 0.3}"/>`,
    );
    parts.push(
      `<circle cx="${width * 0.3}" cy="${height * 0.68}" r="${height * 0.1}"/><circle cx="${width * 0.65}" cy="${height * 0.68}" r="${height * 0.08}"/>`,
    );
    parts.push(
      `<path d="M${width * 0.15} ${height * 0.2} H${width * 0.75} M${width * 0.15} ${height * 0.17} V${height * 0.23} M${width * 0.75} ${height * 0.17} V${height * 0.23}"/></g>`,
    );
    parts.push(
      `<text x="${width * 0.45}" y="${height * 0.16}" text-anchor="middle" font-family="sans-serif" font-size="${font}" fill="#123">${rng.int(1800, 4200)} mm</text>`,
    );
    parts.push(
      `<text x="${width * 0.05}" y="${height * 0.94}" font-family="sans-serif" font-size="${font}" fill="#123">${xml(title)}</text>`,
    );
  } else {
    parts.push(
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},40%,85%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},50%,45%)"/></linearGradient></defs>`,
    );
    parts.push(`<rect width="${width}" height="${height}" fill="url(#g)"/>`);
    parts.push(
      `<rect x="${width * 0.2}" y="${height * 0.35}" width="${width * 0.55}" height="${height * 0.25}" fill="hsl(${(hue + 180) % 360},60%,40%)"/>`,
    );
    parts.push(
      `<circle cx="${width * 0.33}" cy="${height * 0.65}" r="${Math.min(width, height) * 0.12}" fill="#222"/>`,
    );
  }
  if (style !== 'logo') {
    parts.push(
      `<rect x="4" y="${height - font * 1.6 - 4}" width="${Math.min(width - 8, label.length * font * 0.62 + 8)}" height="${font * 1.6}" fill="#000"/>`,
    );
    parts.push(
      `<text x="8" y="${height - font * 0.5 - 4}" font-family="monospace" font-size="${font}" fill="#fff">${xml(label)}</text>`,
    );
  }
  const svg =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">\n` +
    `<title>${xml(title)}</title>\n${parts.join('\n')}\n</svg>\n`;
  return Buffer.from(svg, 'utf8');
}

/** Text for a PDF string in WinAnsiEncoding: Latin-1 plus the en dash; escapes ( ) \. */
function pdfString(text: string): Buffer {
  const bytes: number[] = [];
  for (const ch of text) {
    let code = ch === '–' ? 0x96 : ch === '€' ? 0x80 : ch === '’' ? 0x92 : (ch.codePointAt(0) ?? 63);
    if (code > 255) code = 63; // '?'
    if (code === 0x28 || code === 0x29 || code === 0x5c) bytes.push(0x5c);
    bytes.push(code);
  }
  return Buffer.from([0x28, ...bytes, 0x29]);
}

/** A one-page A4 PDF 1.4 with a title and text lines (Helvetica); offsets in the xref table are exact. */
export function pdfFile(title: string, lines: readonly string[]): Buffer {
  const content = Buffer.concat([
    Buffer.from('BT /F1 18 Tf 56 770 Td ', 'latin1'),
    pdfString(title),
    Buffer.from(' Tj /F1 11 Tf 0 -30 Td 14 TL\n', 'latin1'),
    ...lines.flatMap((line) => [pdfString(line), Buffer.from(" '\n", 'latin1')]),
    Buffer.from('ET\n0.2 0.4 0.2 RG 4 w 56 740 m 539 740 l S\n', 'latin1'),
  ]);
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>', 'latin1'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
      'latin1',
    ),
    Buffer.from(
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
      'latin1',
    ),
    Buffer.concat([
      Buffer.from(`<< /Length ${content.length} >>\nstream\n`, 'latin1'),
      content,
      Buffer.from('endstream', 'latin1'),
    ]),
    Buffer.concat([
      Buffer.from('<< /Title ', 'latin1'),
      pdfString(title),
      Buffer.from(' /Producer (catalog-generate) >>', 'latin1'),
    ]),
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    chunks.push(chunk);
    offset += chunk.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${offset}\n%%EOF\n`;
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}

/** A tiny ISO 10303-21 (STEP) file with a few points of a part outline. */
export function stepFile(name: string, seed: number): Buffer {
  const rng = rngFor(seed, 'step', 0);
  const points = Array.from(
    { length: 8 },
    (_, i) =>
      `#${i + 10}=CARTESIAN_POINT('',(${rng.int(0, 4000)}.,${rng.int(0, 2500)}.,${rng.int(0, 1800)}.));`,
  );
  const text = [
    'ISO-10303-21;',
    'HEADER;',
    "FILE_DESCRIPTION(('Hofmeister Landtechnik CAD export'),'2;1');",
    `FILE_NAME('${name.replace(/'/g, '')}','2026-01-01T00:00:00',('Konstruktion'),('Hofmeister Landtechnik GmbH'),'catalog-generate','','');`,
    "FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));",
    'ENDSEC;',
    'DATA;',
    ...points,
    'ENDSEC;',
    'END-ISO-10303-21;',
    '',
  ].join('\n');
  return Buffer.from(text, 'latin1');
}

/** A minimal valid glTF 2.0 scene (JSON) naming the product. */
export function gltfFile(name: string): Buffer {
  const doc = {
    asset: { version: '2.0', generator: 'catalog-generate' },
    scene: 0,
    scenes: [{ name, nodes: [0] }],
    nodes: [{ name, translation: [0, 0, 0] }],
  };
  return Buffer.from(`${JSON.stringify(doc, null, 2)}\n`, 'utf8');
}

/** A quarter second of a sine tone: 16-bit mono PCM WAV at 8 kHz. */
export function wavFile(seed: number): Buffer {
  const rng = rngFor(seed, 'wav', 0);
  const rate = 8000;
  const samples = rate / 4;
  const frequency = rng.int(220, 880);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1)
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * frequency * i) / rate) * 8000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
