// Parses and validates a report template (YAML): aliases capped, merge keys off, duplicate keys
// rejected; every error names the line. Unknown keys become warnings rather than being dropped.

import {
  Alias,
  LineCounter,
  isMap,
  isScalar,
  isSeq,
  parseDocument,
  visit,
  type Document,
  type Node,
  type YAMLMap,
} from 'yaml';
import { engineMessages } from '@atr/shared';
import { EngineError } from '../errors.ts';
import { DEFAULT_WORK_LIMITS } from '../types.ts';
import type { ReportTemplate, TemplateChapter, TemplateSection, TemplateSubsection } from './types.ts';

export const TEMPLATE_LIMITS = {
  maxBytes: 256 * 1024,
  maxChapters: 100,
  maxSections: 60,
  maxSubsections: 60,
  maxTitleLength: 200,
  maxImages: 30,
  maxAliases: 20,
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
    throw new EngineError('template', `Line ${this.line(node)}: ${problem}`);
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

/** Throws EngineError('template') naming the count and the limit when a template has too many headings. */
export function checkHeadingLimit(
  template: Pick<ReportTemplate, 'chapters'>,
  maxHeadings: number = DEFAULT_WORK_LIMITS.maxTemplateHeadings,
): void {
  const n = countHeadings(template);
  if (n.total <= maxHeadings) return;
  const plural = (k: number, one: string) => `${k.toLocaleString('en-US')} ${k === 1 ? one : `${one}s`}`;
  const parts = `${plural(n.chapters, 'chapter')}, ${plural(n.sections, 'section')} and ${plural(n.subsections, 'subsection')}`;
  throw new EngineError('template', engineMessages.templateTooManyHeadings(n.total, maxHeadings, parts));
}

/** Headings counted line by line (block list items, and the items of flow lists other than images). */
function roughHeadingCount(text: string): number {
  let n = 0;
  for (const line of text.split('\n')) {
    if (/^\s*-\s+(?:title\s*:|(?![^\n]*\.(?:png|jpe?g|svg|gif|webp)\s*['"]?\s*$)[^\s#])/i.test(line)) n++;
    for (const m of line.matchAll(/(\w+)\s*:\s*\[([^\]]*)\]/g))
      if (m[1] !== 'images') n += m[2]!.split(',').filter((x) => x.trim()).length;
  }
  return n;
}

/** Parses template text into a validated ReportTemplate or throws EngineError('template', 'Line N: …'). */
export function parseTemplate(text: string, options: ParseTemplateOptions = {}): ReportTemplate {
  if (Buffer.byteLength(text) > TEMPLATE_LIMITS.maxBytes)
    throw new EngineError(
      'template',
      `Line 1: the template is larger than ${TEMPLATE_LIMITS.maxBytes / 1024} KB.`,
    );
  // A template far over the heading limit is refused from a line scan, before the YAML parser spends
  // a tenth of a second or more of the event loop on it (every heading is a list item).
  const items = roughHeadingCount(text);
  const limit = options.maxHeadings ?? DEFAULT_WORK_LIMITS.maxTemplateHeadings;
  if (items > Math.max(limit * 2, 2000))
    throw new EngineError('template', engineMessages.templateFarTooManyHeadings(items, limit));
  const lines = new LineCounter();
  const doc = parseDocument(text, {
    lineCounter: lines,
    uniqueKeys: true,
    merge: false,
    prettyErrors: true,
    strict: true,
  });
  const first = doc.errors[0];
  if (first) {
    const line = first.linePos?.[0]?.line ?? 1;
    const problem =
      first.code === 'DUPLICATE_KEY'
        ? 'a key appears twice in the same mapping (duplicate keys are not allowed).'
        : first.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new EngineError('template', `Line ${line}: ${problem}`);
  }
  const r: Reader = new Reader(doc, lines);
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
