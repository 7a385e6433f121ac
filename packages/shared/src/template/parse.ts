// Parses and validates a report template (YAML): aliases capped, merge keys off, duplicate keys
// rejected; every error names the line. Unknown keys become warnings rather than being dropped.
// Browser-safe: the server refuses a template with this parser and the upload form checks it, with the same
// messages, the moment it is chosen (its own entry point, so only the upload screen loads the YAML parser).

import {
  Alias,
  LineCounter,
  isCollection,
  isMap,
  isPair,
  isScalar,
  isSeq,
  parseDocument,
  visit,
  type Document,
  type Node,
  type YAMLMap,
} from 'yaml';
import { engineMessages } from '../messages.ts';
import type { ReportTemplate, TemplateChapter, TemplateSection, TemplateSubsection } from './types.ts';

/** Most headings (chapters + sections + subsections) a template may have unless the operator sets another limit. */
export const DEFAULT_TEMPLATE_MAX_HEADINGS = 300;

/** A template refused: `message` starts with "Line N: " and is written for the user. */
export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

/** The line a template error names, or null. */
export function templateErrorLine(message: string): number | null {
  const m = /^Line (\d+):/.exec(message);
  return m ? Number(m[1]) : null;
}

export const TEMPLATE_LIMITS = {
  maxBytes: 256 * 1024,
  maxChapters: 100,
  maxSections: 60,
  maxSubsections: 60,
  maxTitleLength: 200,
  maxImages: 30,
  maxAliases: 20,
  /** Lines: the YAML parser spends microseconds on each, even a blank one (250,000 took a second). */
  maxLines: 10_000,
  /** Deepest nesting of mappings and lists; a real template needs about ten levels. */
  maxDepth: 64,
} as const;

type AnyNode = Node | Alias | null | undefined;

class Reader {
  private aliases = 0;
  readonly warnings: string[] = [];
  constructor(
    private readonly doc: Document,
    private readonly lines: LineCounter,
  ) {}

  line(node: AnyNode): number {
    const offset = node?.range?.[0];
    return offset === undefined ? 1 : this.lines.linePos(offset).line;
  }

  fail(node: AnyNode, problem: string): never {
    throw new TemplateError(`Line ${this.line(node)}: ${problem}`);
  }

  /** Follows an alias, counting them so a nested-alias "billion laughs" document cannot expand. */
  deref(node: AnyNode): AnyNode {
    if (node instanceof Alias) {
      if (++this.aliases > TEMPLATE_LIMITS.maxAliases)
        this.fail(node, `too many aliases (more than ${TEMPLATE_LIMITS.maxAliases}).`);
      return this.deref(node.resolve(this.doc) as AnyNode);
    }
    return node;
  }

  title(node: AnyNode, where: string): string {
    const n = this.deref(node);
    if (!isScalar(n) || (typeof n.value !== 'string' && typeof n.value !== 'number'))
      this.fail(n ?? node, `${where} needs a title (text).`);
    const text = String(n.value).trim().replace(/\s+/g, ' ');
    if (!text) this.fail(n, `${where} has an empty title.`);
    if (text.length > TEMPLATE_LIMITS.maxTitleLength)
      this.fail(n, `${where}'s title is longer than ${TEMPLATE_LIMITS.maxTitleLength} characters.`);
    return text;
  }

  /** Reads a map's keys, warning about the ones not in `known`. */
  entries(map: YAMLMap, known: string[], where: string): Map<string, AnyNode> {
    const out = new Map<string, AnyNode>();
    for (const pair of map.items) {
      const key = this.deref(pair.key as AnyNode);
      if (!isScalar(key)) this.fail(key, `${where} has a key that is not plain text.`);
      const name = String(key.value);
      if (!known.includes(name))
        this.warnings.push(`Line ${this.line(key)}: unknown key "${name}" in ${where} was ignored.`);
      else out.set(name, pair.value as AnyNode);
    }
    return out;
  }

  list(node: AnyNode, where: string, max: number): AnyNode[] {
    const n = this.deref(node);
    if (n === null || n === undefined || (isScalar(n) && n.value === null)) return [];
    if (!isSeq(n)) this.fail(n, `${where} must be a list.`);
    if (n.items.length > max)
      this.fail(n, `${where} has ${n.items.length} items; at most ${max} are allowed.`);
    return n.items as AnyNode[];
  }
}

function readSubsection(r: Reader, node: AnyNode, where: string): TemplateSubsection {
  const n = r.deref(node);
  if (isMap(n)) return { title: r.title(r.entries(n, ['title'], where).get('title') ?? n, where) };
  return { title: r.title(n, where) };
}

function readSection(r: Reader, node: AnyNode, where: string): TemplateSection {
  const n = r.deref(node);
  if (!isMap(n)) return { title: r.title(n, where), subsections: [] };
  const e = r.entries(n, ['title', 'subsections'], where);
  return {
    title: r.title(e.get('title') ?? n, where),
    subsections: r
      .list(e.get('subsections'), `the subsections of ${where}`, TEMPLATE_LIMITS.maxSubsections)
      .map((s, i) => readSubsection(r, s, `subsection ${i + 1} of ${where}`)),
  };
}

function readChapter(r: Reader, node: AnyNode, index: number): TemplateChapter {
  const where = `chapter ${index + 1}`;
  const n = r.deref(node);
  if (!isMap(n)) return { title: r.title(n, where), sections: [] };
  const e = r.entries(n, ['title', 'sections', 'images'], where);
  const chapter: TemplateChapter = {
    title: r.title(e.get('title') ?? n, where),
    sections: r
      .list(e.get('sections'), `the sections of ${where}`, TEMPLATE_LIMITS.maxSections)
      .map((s, i) => readSection(r, s, `section ${index + 1}.${i + 1}`)),
  };
  if (e.has('images')) {
    chapter.images = r
      .list(e.get('images'), `the images of ${where}`, TEMPLATE_LIMITS.maxImages)
      .map((img) => {
        const name = r.title(img, `an image name in ${where}`);
        if (/[\\/]/.test(name)) r.fail(img, `image "${name}" in ${where} must be a file name, not a path.`);
        return name;
      });
  }
  return chapter;
}

export interface ParseTemplateOptions {
  /** Most headings (chapters + sections + subsections) a template may have; default 300. */
  maxHeadings?: number;
}

/** How many headings a template makes: its chapters, sections and subsections. */
export function countHeadings(template: Pick<ReportTemplate, 'chapters'>): {
  total: number;
  chapters: number;
  sections: number;
  subsections: number;
} {
  const chapters = template.chapters.length;
  const sections = template.chapters.reduce((n, c) => n + c.sections.length, 0);
  const subsections = template.chapters.reduce(
    (n, c) => n + c.sections.reduce((m, s) => m + s.subsections.length, 0),
    0,
  );
  return { total: chapters + sections + subsections, chapters, sections, subsections };
}

/** Throws TemplateError naming the count and the limit when a template has too many headings. */
export function checkHeadingLimit(
  template: Pick<ReportTemplate, 'chapters'>,
  maxHeadings: number = DEFAULT_TEMPLATE_MAX_HEADINGS,
): void {
  const n = countHeadings(template);
  if (n.total <= maxHeadings) return;
  const plural = (k: number, one: string) => `${k.toLocaleString('en-US')} ${k === 1 ? one : `${one}s`}`;
  const parts = `${plural(n.chapters, 'chapter')}, ${plural(n.sections, 'section')} and ${plural(n.subsections, 'subsection')}`;
  throw new TemplateError(engineMessages.templateTooManyHeadings(n.total, maxHeadings, parts));
}

/**
 * The `key: [a, b]` flow lists of one line, found in one pass (a regular expression here backtracked
 * quadratically on a long run of word characters): each `[` after `word:` up to the next `]`.
 */
function* flowLists(line: string): Generator<{ key: string; items: string }> {
  let at = 0;
  for (;;) {
    const open = line.indexOf('[', at);
    if (open < 0) return;
    const close = line.indexOf(']', open + 1);
    // nothing after this `[` closes, so no later one does either
    if (close < 0) return;
    let i = open - 1;
    while (i >= 0 && (line[i] === ' ' || line[i] === '\t')) i--;
    if (line[i] === ':') {
      i--;
      while (i >= 0 && (line[i] === ' ' || line[i] === '\t')) i--;
      let start = i;
      while (start >= 0 && /\w/.test(line[start]!)) start--;
      if (start < i) yield { key: line.slice(start + 1, i + 1), items: line.slice(open + 1, close) };
    }
    at = close + 1;
  }
}

const IMAGE_ITEM = /\.(?:png|jpe?g|svg|gif|webp)$/i;
const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v';

/**
 * A block list item that could be a heading: `- title: …`, or `- text` other than an image path. A
 * scanner rather than a regular expression, so a long line costs one pass.
 */
function isHeadingItem(line: string): boolean {
  let i = 0;
  while (isSpace(line[i])) i++;
  if (line[i] !== '-' || !isSpace(line[i + 1])) return false;
  i += 1;
  while (isSpace(line[i])) i++;
  const first = line[i];
  if (first === undefined || first === '#') return false;
  if (line.slice(i, i + 5).toLowerCase() === 'title') {
    let j = i + 5;
    while (isSpace(line[j])) j++;
    if (line[j] === ':') return true;
  }
  // An image path, perhaps quoted, perhaps followed by spaces, is not a heading.
  let end = line.length;
  while (end > i && isSpace(line[end - 1])) end--;
  if (line[end - 1] === "'" || line[end - 1] === '"') end--;
  while (end > i && isSpace(line[end - 1])) end--;
  return !IMAGE_ITEM.test(line.slice(Math.max(i, end - 8), end));
}

/**
 * An upper bound of a template's nesting, from one pass over the text: open flow brackets, plus the
 * block levels a line opens (its indentation and its compact `- ` items). It errs high (brackets in
 * quoted text count too), so it only refuses far past the real limit, before the YAML parser recurses.
 */
function roughDepth(text: string): number {
  let flow = 0;
  let deepest = 0;
  let indent = 0;
  let dashes = 0;
  let lineStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') {
      lineStart = true;
      indent = 0;
      dashes = 0;
      continue;
    }
    if (lineStart && c === ' ') indent++;
    else lineStart = false;
    // "- " opens a block list, at the start of a line or after another one or a key ("a: - - x")
    if (c === '-' && (text[i + 1] === ' ' || text[i + 1] === '\t')) dashes++;
    if (c === '[' || c === '{') flow++;
    else if ((c === ']' || c === '}') && flow > 0) flow--;
    const depth = flow + indent / 2 + dashes;
    if (depth > deepest) deepest = depth;
  }
  return deepest;
}

/** How deep the parsed document nests (mappings and lists), walked without recursion. */
function documentDepth(root: unknown): { depth: number; node: AnyNode } {
  const stack: Array<{ node: unknown; depth: number }> = [{ node: root, depth: 0 }];
  let deepest = { depth: 0, node: undefined as AnyNode };
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (isPair(node)) {
      stack.push({ node: node.key, depth }, { node: node.value, depth });
    } else if (isCollection(node)) {
      if (depth + 1 > deepest.depth) deepest = { depth: depth + 1, node: node as AnyNode };
      if (depth + 1 > TEMPLATE_LIMITS.maxDepth) break;
      for (const item of node.items) stack.push({ node: item, depth: depth + 1 });
    }
  }
  return deepest;
}

const tooDeep = (line: number) =>
  new TemplateError(
    `Line ${line}: the template nests lists and mappings more than ${TEMPLATE_LIMITS.maxDepth} levels deep (the limit).`,
  );

/** Headings counted line by line (block list items, and the items of flow lists other than images). */
function roughHeadingCount(text: string): number {
  let n = 0;
  for (const line of text.split('\n')) {
    if (isHeadingItem(line)) n++;
    for (const { key, items } of flowLists(line))
      if (key !== 'images') n += items.split(',').filter((x) => x.trim()).length;
  }
  return n;
}

/** Parses template text into a validated ReportTemplate or throws TemplateError('Line N: …'). */
export function parseTemplate(text: string, options: ParseTemplateOptions = {}): ReportTemplate {
  if (new TextEncoder().encode(text).length > TEMPLATE_LIMITS.maxBytes)
    throw new TemplateError(`Line 1: the template is larger than ${TEMPLATE_LIMITS.maxBytes / 1024} KB.`);
  let lineCount = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lineCount++;
  if (lineCount > TEMPLATE_LIMITS.maxLines)
    throw new TemplateError(
      `Line ${(TEMPLATE_LIMITS.maxLines + 1).toLocaleString('en-US')}: the template has more than ${TEMPLATE_LIMITS.maxLines.toLocaleString('en-US')} lines (the limit).`,
    );
  // A template far over the heading limit is refused from a line scan, before the YAML parser spends
  // a tenth of a second or more of the event loop on it (every heading is a list item).
  const items = roughHeadingCount(text);
  const limit = options.maxHeadings ?? DEFAULT_TEMPLATE_MAX_HEADINGS;
  if (items > Math.max(limit * 2, 2000))
    throw new TemplateError(engineMessages.templateFarTooManyHeadings(items, limit));
  // Nesting far past the limit is refused before the parser, whose recursion it would exhaust.
  if (roughDepth(text) > TEMPLATE_LIMITS.maxDepth * 8) throw tooDeep(1);
  const lines = new LineCounter();
  // The parser makes an Error for every fault it meets, and capturing each one's stack was most of its
  // time on hostile text (a line of 12,000 quotes made 6,000 faults); none of those stacks is read.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  let doc: Document;
  try {
    doc = parseDocument(text, {
      lineCounter: lines,
      uniqueKeys: true,
      merge: false,
      // a pretty error costs a pass over the text each; the line comes from the line counter instead
      prettyErrors: false,
      strict: true,
    });
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  const first = doc.errors[0];
  if (first) {
    const line = lines.linePos(first.pos[0]).line;
    if (first.message.includes('call stack')) throw tooDeep(line);
    const problem =
      first.code === 'DUPLICATE_KEY'
        ? 'a key appears twice in the same mapping (duplicate keys are not allowed).'
        : first.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new TemplateError(`Line ${line}: ${problem}`);
  }
  const r: Reader = new Reader(doc, lines);
  const nesting = documentDepth(doc.contents);
  if (nesting.depth > TEMPLATE_LIMITS.maxDepth) throw tooDeep(r.line(nesting.node));
  let aliases = 0;
  visit(doc, {
    Alias(_key, node) {
      if (++aliases > TEMPLATE_LIMITS.maxAliases)
        r.fail(node, `too many aliases (more than ${TEMPLATE_LIMITS.maxAliases}).`);
    },
  });
  const root = r.deref(doc.contents as AnyNode);
  if (!isMap(root))
    r.fail(root, 'the template must be a mapping with a "report_structure" list of chapters.');
  const e = r.entries(root, ['report_structure', 'name', 'description'], 'the template');
  const structure = e.get('report_structure');
  if (structure === undefined) r.fail(root, 'the template has no "report_structure" list of chapters.');
  const chapters = r
    .list(structure, 'report_structure', TEMPLATE_LIMITS.maxChapters)
    .map((c, i) => readChapter(r, c, i));
  if (chapters.length === 0) r.fail(structure, 'report_structure has no chapters.');
  checkHeadingLimit({ chapters }, options.maxHeadings);
  const lineOf = (w: string) => Number(/^Line (\d+)/.exec(w)?.[1] ?? 0);
  const template: ReportTemplate = {
    chapters,
    warnings: [...r.warnings].sort((a, b) => lineOf(a) - lineOf(b)),
  };
  if (e.has('name')) template.name = r.title(e.get('name'), 'the template name');
  if (e.has('description')) {
    const d = r.deref(e.get('description'));
    if (!isScalar(d) || typeof d.value !== 'string') r.fail(d, 'description must be text.');
    template.description = d.value.trim();
  }
  return template;
}
