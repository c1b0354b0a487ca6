/**
 * Every "§" reference in the repository resolves in docs/product/: it names its document (public-site or
 * back-office, or an RFC, which is not ours), that document has a "## N." heading for its section, and each
 * quoted sub-heading right after it ('back-office §2 "Diary"', '§7 "Extras", "Extra variations"') is a heading
 * or text of that section. A bare "§N" continues the document named before it in the same comment block or
 * Markdown paragraph ("back-office §2 "Reports", §3 "Report data""); "spec §N" names no document.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const PRODUCT = join(ROOT, 'docs', 'product');
const SCANNED = ['apps', 'packages', 'e2e', 'bench', 'docs', 'README.md'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-ssr', 'data', 'test-results', 'playwright-report']);
const TEXT_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|md|json|html|css|ya?ml|sh)$/;
const SIGN = '\u00a7';

/** The documents a reference may name, and their files. */
export const DOCUMENTS: Record<string, string> = {
  'public-site': 'public-site.md',
  'back-office': 'back-office.md',
};

export interface Reference {
  file: string;
  line: number;
  /** The document named or continued; null when none is; 'foreign' for another standard's sections (RFC). */
  doc: string | null;
  section: string;
  quotes: string[];
  /** What the reference reads as in the file, for the failure's message. */
  text: string;
  /** "spec §N": the old ambiguous name. */
  ambiguous: boolean;
}

function* files(path: string): Generator<string> {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) {
    if (TEXT_FILE.test(path)) yield path;
    return;
  }
  for (const name of readdirSync(path).sort()) {
    const child = join(path, name);
    if (SKIP_DIRS.has(name) || child === PRODUCT) continue;
    yield* files(child);
  }
}

const COMMENT_LINE = /^\s*(\/\/|\*|\/\*|\{\/\*)/;

// A named reference, an RFC's, or a bare sign; then the section number and any quoted sub-headings after it.
const REFERENCE = new RegExp(
  `\\b(public-site|back-office)(?:'s)?\\s+${SIGN}|\\bRFC\\s*\\d+\\s+${SIGN}|${SIGN}`,
  'gi',
);
const SECTION = /^(\d+)(?:\.\d+)*/;
const QUOTES = /^(\s*"[^"\n]{1,100}")(\s*,\s*"[^"\n]{1,100}")*/;

/** The references of one file's text. */
export function findReferences(file: string, text: string): Reference[] {
  const markdown = file.endsWith('.md');
  const found: Reference[] = [];
  let doc: string | null = null;
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const previous = lines[index - 1];
    // A bare § continues a document within one comment block or Markdown paragraph, never across code.
    const continues =
      previous !== undefined &&
      (markdown
        ? previous.trim() !== '' && line.trim() !== ''
        : COMMENT_LINE.test(previous) && COMMENT_LINE.test(line));
    if (!continues) doc = null;
    for (const match of line.matchAll(REFERENCE)) {
      const start = (match.index ?? 0) + match[0].length;
      const rest = line.slice(start);
      const number = SECTION.exec(rest);
      if (!number) continue;
      const before = line.slice(0, match.index);
      const ambiguous = !match[1] && !/^RFC/i.test(match[0]) && /\bspec(?:'s)?\s*$/i.test(before);
      if (match[1]) doc = match[1].toLowerCase();
      else if (/^RFC/i.test(match[0])) doc = 'foreign';
      else if (ambiguous) doc = null;
      const after = rest.slice(number[0].length);
      const quoted = QUOTES.exec(after)?.[0] ?? '';
      found.push({
        file,
        line: index + 1,
        doc,
        section: number[1] ?? '',
        quotes: [...quoted.matchAll(/"([^"\n]+)"/g)].map((quote) => quote[1] ?? ''),
        text: `${match[0]}${number[0]}${quoted}`.trim(),
        ambiguous,
      });
    }
  });
  return found;
}

/** A document's sections by number: the heading line and the text up to the next "## ". */
export function sectionsOf(markdown: string): Map<string, { heading: string; body: string }> {
  const sections = new Map<string, { heading: string; body: string }>();
  let current: { heading: string; body: string } | undefined;
  for (const line of markdown.split('\n')) {
    if (/^##\s/.test(line)) {
      const number = /^##\s+(\d+)\.\s/.exec(line)?.[1];
      current = number === undefined ? undefined : { heading: line, body: '' };
      if (number !== undefined && current) sections.set(number, current);
      continue;
    }
    if (current) current.body += `${line}\n`;
  }
  return sections;
}

/** Markdown as words: no emphasis, code marks or links' targets; one space between words; any case. */
const plain = (text: string) =>
  text
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[*`[\]]/g, '')
    .replace(/\\([\\"|])/g, '$1')
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** Why a reference does not resolve, or null when it does. */
export function problemOf(
  reference: Reference,
  documents: ReadonlyMap<string, Map<string, { heading: string; body: string }>>,
): string | null {
  const where = `${reference.file}:${reference.line}: ${reference.text}`;
  if (reference.doc === 'foreign') return null;
  if (reference.ambiguous)
    return `${where}: "spec" names no document; write public-site ${SIGN}${reference.section} or back-office ${SIGN}${reference.section}`;
  if (reference.doc === null)
    return `${where}: names no document; write public-site ${SIGN}${reference.section} or back-office ${SIGN}${reference.section}`;
  const sections = documents.get(reference.doc);
  const path = `docs/product/${DOCUMENTS[reference.doc] ?? '?'}`;
  if (!sections) return `${where}: no document ${path}`;
  const section = sections.get(reference.section);
  if (!section) return `${where}: ${path} has no heading "## ${reference.section}. …"`;
  const text = plain(`${section.heading}\n${section.body}`);
  const missing = reference.quotes.filter((quote) => !text.includes(plain(quote)));
  if (missing.length > 0)
    return `${where}: ${path} ${SIGN}${reference.section} has no heading or text ${missing.map((quote) => `"${quote}"`).join(', ')}`;
  return null;
}

function productDocuments() {
  const documents = new Map<string, Map<string, { heading: string; body: string }>>();
  for (const [name, file] of Object.entries(DOCUMENTS)) {
    const text = readFileSync(join(PRODUCT, file), { encoding: 'utf8', flag: 'r' });
    documents.set(name, sectionsOf(text));
  }
  return documents;
}

function repositoryReferences(): Reference[] {
  const references: Reference[] = [];
  for (const start of SCANNED) {
    for (const path of files(join(ROOT, start))) {
      const text = readFileSync(path, 'utf8');
      if (text.includes(SIGN)) references.push(...findReferences(relative(ROOT, path), text));
    }
  }
  return references;
}

describe('docs/product', () => {
  it('has sections 1 to 9 in each document, in order', () => {
    for (const [name, sections] of productDocuments()) {
      expect([...sections.keys()], name).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    }
  });

  it('resolves every § reference of the repository', () => {
    const documents = productDocuments();
    const references = repositoryReferences();
    const problems = references.map((reference) => problemOf(reference, documents)).filter(Boolean);
    expect(references.length).toBeGreaterThan(300);
    expect(problems, `${problems.length} references do not resolve:\n${problems.join('\n')}`).toEqual([]);
  });
});

describe('the reference reader', () => {
  const documents = new Map([
    ['back-office', sectionsOf('## 2. Screens\n\n### Diary\n\nRows.\n\n## 7. Calls\n\n| Lookups | … |\n')],
  ]);
  const problems = (text: string, file = 'x.ts') =>
    findReferences(file, text).map((reference) => problemOf(reference, documents));

  it('continues a document within a comment block, not across code', () => {
    expect(problems('/**\n * back-office §2 "Diary",\n * §7 "Lookups".\n */')).toEqual([null, null]);
    expect(problems('// back-office §2\nconst a = 1; // §7')[1]).toMatch(/names no document/);
  });

  it('refuses "spec §N", a missing section and a missing sub-heading', () => {
    expect(problems('// spec §2')[0]).toMatch(/"spec" names no document/);
    expect(problems('// back-office §5')[0]).toMatch(/has no heading "## 5\./);
    expect(problems('// back-office §2 "Reports"')[0]).toMatch(/has no heading or text "Reports"/);
    expect(problems('// public-site §2')[0]).toMatch(/no document/);
  });

  it('leaves an RFC’s sections alone, and reads quotes only right after the number', () => {
    expect(problems('// RFC 9110 §12.5.1, then §3.1')).toEqual([null, null]);
    expect(problems('// back-office §2: "Not a heading"')).toEqual([null]);
  });
});
