/**
 * Table rows written as PDF content operators instead of one PDFKit `text()` per cell and one path per
 * rule. A long report (thousands of rows of seven cells) spent most of its time in PDFKit's text
 * machinery: options copied per call, each text encoded and its letters' kerning looked up by string keys
 * once to measure it and again to draw it, a graphics state saved and flipped per cell, and one buffer
 * made for each of the eight or so operators a cell takes. Here a text's operator and width come from one
 * encoding kept for the report (the rows repeat a few hundred amounts and dates), and a page's rows leave
 * as one text block and one path of rules.
 *
 * The operators are the ones PDFKit writes for `text(t, x, y, { lineBreak: false })` and for the rule
 * (pdf-layout's `rule`): the same glyphs, kerning, positions and colours, so the page reads and looks the
 * same (pdf-rows.test.ts compares the pixels). It reaches into PDFKit's current font (`_font`: its id,
 * `encode`, `ascender`, a standard font's AFM metrics) and the page's font resources; when they are not
 * shaped as expected (another PDFKit version, an embedded font that places glyphs with offsets),
 * `rowWriter` answers undefined, or the row is drawn with `text()`, as before.
 */
import type { Doc } from './pdf-layout';

/** A line of a row's cell: its text, already fitted to its column, and where it starts. */
export interface PlacedCell {
  text: string;
  x: number;
  /** How far below the row's first line (a cell's further lines); 0 when absent. */
  dy?: number;
}

export interface RowWriter {
  /**
   * A text's width in the rows' font and size, from the same encoding the row is written with: PDFKit
   * looks up every pair of letters for kerning once to measure a text and once more to draw it, and the
   * rows' names, phones and codes are each printed once.
   */
  width(text: string): number;
  /**
   * A row: its cells in the rows' font and size and the fill colour current at flush, and the rule under
   * it. The rows wait until flush: a page's rows are written as one text block and one path of rules.
   */
  row(cells: readonly PlacedCell[], y: number, ruleY: number): void;
  /** Writes the rows waiting: before anything else is drawn or a page ends. */
  flush(): void;
}

interface GlyphPosition {
  xAdvance: number;
  advanceWidth: number;
  xOffset: number;
  yOffset: number;
}

/** PDFKit's number format in content streams (PDFObject.number). */
const num = (n: number) => String(Math.round(n * 1e6) / 1e6);

/** The current font's parts this writer uses, or undefined when they are not there. */
interface FontParts {
  id: string;
  ascender: number;
  encode: (text: string) => [string[], GlyphPosition[]] | undefined;
  register: () => boolean;
}

function isPositions(value: unknown): value is GlyphPosition[] {
  return (
    Array.isArray(value) &&
    value.every(
      (pos: unknown) =>
        typeof pos === 'object' &&
        pos !== null &&
        typeof Reflect.get(pos, 'xAdvance') === 'number' &&
        typeof Reflect.get(pos, 'advanceWidth') === 'number',
    )
  );
}

/**
 * PDFKit's StandardFont.encode (a standard font's letters, advances and kerning, from its AFM metrics) with
 * each letter's code, glyph and width and each pair's kerning kept per character code: PDFKit looks up every
 * pair of letters by building a string key in a table of thousands, and the rows' names, phones and codes
 * are each printed once, so that lookup was the largest share of drawing them. Undefined when the font has
 * no AFM metrics shaped as expected (an embedded font: its own encode is used).
 */
function standardEncode(afm: unknown): FontParts['encode'] | undefined {
  if (typeof afm !== 'object' || afm === null) return undefined;
  const method = (name: string) => {
    const found: unknown = Reflect.get(afm, name);
    return typeof found === 'function'
      ? (...args: unknown[]): unknown => Reflect.apply(found, afm, args)
      : undefined;
  };
  const encodeText = method('encodeText');
  const characterToGlyph = method('characterToGlyph');
  const widthOfGlyph = method('widthOfGlyph');
  const getKernPair = method('getKernPair');
  if (!encodeText || !characterToGlyph || !widthOfGlyph || !getKernPair) return undefined;
  const letters = new Map<number, { hex: string; glyph: string; width: number } | null>();
  const letter = (code: number) => {
    let known = letters.get(code);
    if (known === undefined) {
      const hex: unknown = encodeText(String.fromCharCode(code));
      const glyph: unknown = characterToGlyph(code);
      const width: unknown = typeof glyph === 'string' ? widthOfGlyph(glyph) : undefined;
      const part: unknown = Array.isArray(hex) && hex.length === 1 ? hex[0] : undefined;
      known =
        typeof part === 'string' && typeof glyph === 'string' && typeof width === 'number'
          ? { hex: part, glyph, width }
          : null;
      letters.set(code, known);
    }
    return known;
  };
  const kerns = new Map<number, number>();
  const kern = (left: number, leftGlyph: string, right: number, rightGlyph: string) => {
    const key = left * 0x10000 + right;
    let known = kerns.get(key);
    if (known === undefined) {
      const found: unknown = getKernPair(leftGlyph, rightGlyph);
      known = typeof found === 'number' ? found : 0;
      kerns.set(key, known);
    }
    return known;
  };
  return (text) => {
    const encoded: string[] = [];
    const positions: GlyphPosition[] = [];
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      const current = letter(code);
      if (!current) return undefined;
      let xAdvance = current.width;
      if (i + 1 < text.length) {
        const nextCode = text.charCodeAt(i + 1);
        const next = letter(nextCode);
        if (!next) return undefined;
        xAdvance += kern(code, current.glyph, nextCode, next.glyph);
      }
      encoded.push(current.hex);
      positions.push({ xAdvance, advanceWidth: current.width, xOffset: 0, yOffset: 0 });
    }
    return [encoded, positions];
  };
}

function fontParts(doc: Doc): FontParts | undefined {
  const font: unknown = Reflect.get(doc, '_font');
  if (typeof font !== 'object' || font === null) return undefined;
  const id: unknown = Reflect.get(font, 'id');
  const ascender: unknown = Reflect.get(font, 'ascender');
  const encode: unknown = Reflect.get(font, 'encode');
  const ref: unknown = Reflect.get(font, 'ref');
  if (typeof id !== 'string' || typeof ascender !== 'number') return undefined;
  if (typeof encode !== 'function' || typeof ref !== 'function') return undefined;
  return {
    id,
    ascender,
    encode:
      standardEncode(Reflect.get(font, 'font')) ??
      ((text) => {
        const result: unknown = Reflect.apply(encode, font, [text]);
        if (!Array.isArray(result) || result.length !== 2) return undefined;
        const [encoded, positions]: unknown[] = result;
        if (!Array.isArray(encoded) || !encoded.every((part: unknown) => typeof part === 'string'))
          return undefined;
        if (!isPositions(positions) || positions.length !== encoded.length) return undefined;
        return [encoded as string[], positions];
      }),
    // The page lists the fonts its content uses (what PDFKit's text() does on a font's first use).
    register: () => {
      const fonts: unknown = Reflect.get(doc.page, 'fonts');
      if (typeof fonts !== 'object' || fonts === null) return false;
      if (Reflect.get(fonts, id) === undefined) Reflect.set(fonts, id, Reflect.apply(ref, font, []));
      return true;
    },
  };
}

/**
 * The TJ operator of a text, as PDFKit's _fragment writes it: runs of glyphs, each followed by its kerning
 * adjustment. Undefined for glyphs placed with offsets (shaped scripts), which this writer leaves to PDFKit.
 */
function showText(encoded: readonly string[], positions: readonly GlyphPosition[]): string | undefined {
  const commands: string[] = [];
  let last = 0;
  const segment = (cur: number) => {
    if (last < cur) {
      const previous = positions[cur - 1];
      const advance = previous ? previous.xAdvance - previous.advanceWidth : 0;
      commands.push(`<${encoded.slice(last, cur).join('')}> ${num(-advance)}`);
    }
    last = cur;
  };
  for (let i = 0; i < positions.length; i += 1) {
    const pos = positions[i];
    if (!pos || pos.xOffset || pos.yOffset) return undefined;
    if (pos.xAdvance - pos.advanceWidth !== 0) segment(i + 1);
  }
  segment(positions.length);
  return `[${commands.join(' ')}] TJ`;
}

/** A text's width as PDFKit's standard fonts measure it: the glyphs' advances, kerning included. */
function advance(positions: readonly GlyphPosition[], fontSize: number): number {
  let width = 0;
  for (const pos of positions) width += pos.xAdvance;
  return (width * fontSize) / 1000;
}

/** pdf-layout's rule: width 0.75, a '#rrggbb' colour in PDFKit's form of it, across the page. */
function ruleParts(colour: string, left: number, right: number) {
  const hex = Number.parseInt(colour.slice(1), 16);
  const rgb = [hex >> 16, (hex >> 8) & 0xff, hex & 0xff].map((part) => part / 255).join(' ');
  return {
    style: `0.75 w\n/DeviceRGB CS\n${rgb} SCN`,
    line: (y: number) => `${num(left)} ${num(y)} m\n${num(right)} ${num(y)} l`,
  };
}

/**
 * A writer for the rows of one document in the font and size current when asked (the rows' style), or
 * undefined when PDFKit's font is not one it can write for. Each text's operator is kept for the document.
 */
export function rowWriter(
  doc: Doc,
  fontSize: number,
  rule: { colour: string; left: number },
): RowWriter | undefined {
  const font = fontParts(doc);
  if (!font?.register()) return undefined;
  const shown = new Map<string, { operator: string; width: number } | null>();
  const show = (text: string) => {
    let known = shown.get(text);
    if (known === undefined) {
      const encoding = font.encode(text);
      const operator = encoding ? showText(...encoding) : undefined;
      known = encoding && operator ? { operator, width: advance(encoding[1], fontSize) } : null;
      shown.set(text, known);
    }
    return known;
  };
  const rules = ruleParts(rule.colour, rule.left, doc.page.width - rule.left);
  const dy = (font.ascender / 1000) * fontSize;
  const head = `/${font.id} ${num(fontSize)} Tf`;
  // The rows since the last flush: their cells' operators, and their rules' lines.
  let texts: string[] = [];
  let lines: string[] = [];
  const flush = () => {
    if (!lines.length) return;
    if (texts.length && !font.register())
      throw new Error('The page has no font resources to list the rows’ font in.');
    const text = texts.length
      ? `q\n1 0 0 -1 0 ${num(doc.page.height)} cm\nBT\n${head}\n${texts.join('\n')}\nET\nQ\n`
      : '';
    doc.addContent(`${text}q\n${rules.style}\n${lines.join('\n')}\nS\nQ`);
    texts = [];
    lines = [];
  };
  // A row with a text this writer cannot show is drawn by PDFKit, its other cells too (one row, one way).
  const fallback = (cells: readonly PlacedCell[], y: number, ruleY: number) => {
    flush();
    for (const cell of cells)
      if (cell.text) doc.text(cell.text, cell.x, y + (cell.dy ?? 0), { lineBreak: false });
    doc.addContent(`q\n${rules.style}\n${rules.line(ruleY)}\nS\nQ`);
  };
  const row = (cells: readonly PlacedCell[], y: number, ruleY: number) => {
    const shown: string[] = [];
    for (const cell of cells) {
      if (!cell.text) continue;
      const known = show(cell.text);
      if (!known) {
        fallback(cells, y, ruleY);
        return;
      }
      const baseline = num(doc.page.height - y - (cell.dy ?? 0) - dy);
      shown.push(`1 0 0 1 ${num(cell.x)} ${baseline} Tm\n${known.operator}`);
    }
    texts.push(...shown);
    lines.push(rules.line(ruleY));
  };
  return {
    width: (text) => show(text)?.width ?? doc.widthOfString(text),
    row,
    flush,
  };
}
