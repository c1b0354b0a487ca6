/** The text a PDF shows: the test server writes uncompressed content streams, text as hex strings in TJ arrays. */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const match of pdf.toString('latin1').matchAll(/\[([^\]]*)\] TJ/g)) {
    const hex = [...(match[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1] ?? '').join('');
    lines.push(Buffer.from(hex, 'hex').toString('latin1'));
  }
  return lines.join('\n');
}
