// Builds the document tree of a report: cover, contents, one heading + body per section draft,
// the two analysis figures and the uploaded images (placed where named, the rest in an appendix).

import { readFile } from 'node:fs/promises';
import type { Appendix, SectionDraft } from '../agents/types.ts';
import type { Analysis } from '../analyse/types.ts';
import { codeSplit, factsOf } from '../agents/facts.ts';
import type { ReportTemplate } from '../template/types.ts';
import type { CompanyData, ImageAsset } from '../types.ts';
import { writtenLanguages } from '../analyse/languages.ts';
import { knownFiles } from '../citations.ts';
import { EngineError } from '../errors.ts';
import { repeatFilter } from './editorial.ts';
import { dependencyGraphSvg } from '../figures/dependency-graph.ts';
import { imageSize } from '../figures/image-size.ts';
import { languageChartSvg } from '../figures/language-chart.ts';
import { sequenceModel, sequenceScope, sequenceSvg } from '../figures/sequence.ts';
import { componentSvg } from '../figures/components.ts';
import { entitySvg } from '../figures/entities.ts';
import { distinctTables } from '../agents/sections/data-model.ts';
import { rasterise } from '../figures/svg.ts';
import { applyLinkPolicy } from './links.ts';
import { markdownToBlocks } from './markdown.ts';
import {
  DOC_TREE_VERSION,
  type Asset,
  type Block,
  type CoverInfo,
  type DocTree,
  type Inline,
} from './types.ts';

export interface BuildInput {
  projectName: string;
  company?: CompanyData;
  logo?: ImageAsset;
  images: ImageAsset[];
  analysis: Analysis;
  sections: SectionDraft[];
  /** A generated appendix after the sections (what the model read), before the images. */
  appendix?: Appendix;
  generatedAt: Date;
  /** When given, `chapter.images` places uploaded images in that chapter. */
  template?: ReportTemplate;
  /** Link targets the template or the operator allows; no other link survives (see tree/links.ts). */
  links?: string[];
}

export const GENERATOR = 'ATR report engine';

export async function buildDocument(input: BuildInput): Promise<DocTree> {
  const assets: Record<string, Asset> = {};
  const logoAsset = input.logo ? await loadImage(input.logo, 'logo', assets) : undefined;
  const uploaded = new Map<string, string>(); // lower-cased file name → asset id
  for (const image of input.images) {
    const id = await loadImage(image, uniqueId(`img-${slug(stem(image.name))}`, assets), assets);
    uploaded.set(image.name.toLowerCase(), id);
  }
  const used = new Set<string>();
  const resolveImage = (url: string) => {
    const name = decodeURIComponent(url.split(/[?#]/)[0]!.split('/').pop() ?? '').toLowerCase();
    const id = uploaded.get(name);
    if (id) used.add(id);
    return id;
  };

  const known = knownFiles(input.analysis.files.map((f) => f.path));
  const sectionBlocks = input.sections.map((draft) => {
    const blocks = markdownToBlocks(draft.markdown, { resolveImage, knownFiles: known }).map((b) =>
      b.type === 'heading' ? { ...b, level: Math.min(4, draft.level + b.level) as 1 | 2 | 3 | 4 } : b,
    );
    return { draft, blocks };
  });

  // Images the template names for a chapter go at the end of that chapter's own text.
  input.template?.chapters.forEach((chapter, i) => {
    const target = sectionBlocks.find((s) => s.draft.id === String(i + 1));
    for (const name of chapter.images ?? []) {
      const id = uploaded.get(name.toLowerCase());
      if (!id || used.has(id) || !target) continue;
      used.add(id);
      target.blocks.push({ type: 'figure', asset: id, caption: caption(name) });
    }
  });

  await addAnalysisFigures(input.analysis, sectionBlocks, assets);
  addSequenceFigure(input.analysis, sectionBlocks, assets);
  await addComponentFigure(input.analysis, sectionBlocks, assets);
  await addEntityFigure(input.analysis, sectionBlocks, assets);

  // No sentence of prose is printed twice: a later chapter that repeats an earlier one loses the
  // repeat, unless that would leave a section with no text of its own (tree/editorial.ts).
  const unrepeated = repeatFilter();
  const blocks: Block[] = [];
  sectionBlocks.forEach(({ draft, blocks: raw }, i) => {
    const hasChildren = (sectionBlocks[i + 1]?.draft.level ?? 0) > draft.level;
    const body = unrepeated(raw, !hasChildren);
    blocks.push({
      type: 'heading',
      level: draft.level,
      text: draft.title,
      numbered: true,
      id: `sec-${slug(draft.id)}`,
    });
    blocks.push(...body);
  });
  if (input.appendix) {
    const id = `appendix-${slug(input.appendix.title)}`;
    blocks.push(
      { type: 'pageBreak' },
      { type: 'heading', level: 1, text: input.appendix.title, numbered: false, toc: true, id },
      ...markdownToBlocks(input.appendix.markdown, { resolveImage: () => undefined, knownFiles: known }).map(
        (b) => (b.type === 'heading' ? { ...b, level: Math.min(4, 1 + b.level) as 1 | 2 | 3 | 4 } : b),
      ),
    );
  }
  const rest = input.images.filter((img) => !used.has(uploaded.get(img.name.toLowerCase())!));
  if (rest.length) {
    blocks.push(
      { type: 'pageBreak' },
      {
        type: 'heading',
        level: 1,
        text: 'Appendix: Images',
        numbered: false,
        toc: true,
        id: 'appendix-images',
      },
    );
    for (const img of rest)
      blocks.push({
        type: 'figure',
        asset: uploaded.get(img.name.toLowerCase())!,
        caption: caption(img.name),
      });
  }

  const c = input.company ?? {};
  const field = (v: string | undefined) => (v && v.trim() ? v.trim() : null);
  const cover: CoverInfo = {
    title: input.projectName,
    subtitle: 'Technical Report',
    date: formatDate(input.generatedAt),
    ...(logoAsset ? { logoAsset } : {}),
    company: {
      name: field(c.name),
      vat: field(c.vat),
      address: field(c.address),
      phone: field(c.phone),
      email: field(c.email),
      website: field(c.website),
    },
  };
  return {
    version: DOC_TREE_VERSION,
    meta: { title: input.projectName, generatedAt: input.generatedAt.toISOString(), generator: GENERATOR },
    cover,
    toc: true,
    blocks: applyLinkPolicy(blocks, input.links),
    assets,
    ...(input.links?.length ? { links: [...input.links] } : {}),
  };
}

type Placed = { draft: SectionDraft; blocks: Block[] };

const CHART_KINDS = ['technology', 'metrics'];
const GRAPH_KINDS = ['architecture', 'components', 'structure'];

async function addAnalysisFigures(
  analysis: Analysis,
  sections: Placed[],
  assets: Record<string, Asset>,
): Promise<void> {
  if (sections.length === 0) return;
  const chartHost = sections.find((s) => CHART_KINDS.includes(s.draft.kind)) ?? sections[0]!;
  if (analysis.languages.some((l) => l.code > 0)) {
    assets['fig-languages'] = svgAsset(
      'fig-languages',
      languageChartSvg(
        writtenLanguages(analysis.languages),
        codeSplit(writtenLanguages(analysis.languages), analysis.files).base,
      ),
    );
    insertAfterLead(chartHost.blocks, {
      type: 'figure',
      asset: 'fig-languages',
      caption: 'Code lines per language (blank lines and comments excluded)',
    });
  }
  const graph = productGraph(analysis);
  // a figure of one arrow says less than the sentence beside it
  if (graph.nodes.length >= 3 && graph.edges.length >= 2) {
    const graphHost = sections.find((s) => GRAPH_KINDS.includes(s.draft.kind)) ?? chartHost;
    // the folders a module's short name could be taken for: the product's own and the repository's top
    const folders = new Set(analysis.tree.children.map((c) => c.path.replace(/\/$/, '')));
    for (const f of analysis.files)
      if (f.role === 'product')
        for (let at = f.path.lastIndexOf('/'); at > 0; at = f.path.lastIndexOf('/', at - 1))
          folders.add(f.path.slice(0, at));
    assets['fig-modules'] = svgAsset('fig-modules', await dependencyGraphSvg(graph, [...folders]));
    const figure: Block = {
      type: 'figure',
      asset: 'fig-modules',
      caption: 'Module dependency graph: which modules import which',
    };
    if (graphHost === chartHost) {
      const at = graphHost.blocks.findIndex((b) => b.type === 'figure' && b.asset === 'fig-languages');
      graphHost.blocks.splice(at >= 0 ? at + 1 : graphHost.blocks.length, 0, figure);
    } else insertAfterLead(graphHost.blocks, figure);
  }
}

/** The key components and what each uses of the others, in the section about components. */
async function addComponentFigure(
  analysis: Analysis,
  sections: Placed[],
  assets: Record<string, Asset>,
): Promise<void> {
  const links = analysis.identity?.components;
  if (!links) return;
  const host =
    sections.find((s) => s.draft.kind === 'components') ??
    sections.find((s) => s.draft.kind === 'architecture');
  if (!host) return;
  const svg = await componentSvg(links);
  if (!svg) return;
  assets['fig-components'] = svgAsset('fig-components', svg);
  insertAfterLead(host.blocks, {
    type: 'figure',
    asset: 'fig-components',
    caption:
      'Key components: an arrow from a file to one it uses, labelled with up to two of the names it uses',
  });
}

/** The product's stored tables and their relations, in the data model section, after its table of tables. */
async function addEntityFigure(
  analysis: Analysis,
  sections: Placed[],
  assets: Record<string, Asset>,
): Promise<void> {
  const host = sections.find((s) => s.draft.kind === 'data-model');
  if (!host) return;
  const svg = await entitySvg(distinctTables(factsOf(analysis).dataModel.tables));
  if (!svg) return;
  assets['fig-entities'] = svgAsset('fig-entities', svg);
  const figure: Block = {
    type: 'figure',
    asset: 'fig-entities',
    caption: 'Stored data: the tables and the relations between them',
  };
  const tableAt = host.blocks.findIndex((b) => b.type === 'table');
  if (tableAt >= 0) host.blocks.splice(tableAt + 1, 0, figure);
  else insertAfterLead(host.blocks, figure);
}

/**
 * The main path as a sequence diagram, in the section that tells it: the one citing its first
 * step, else the first architecture section.
 */
function addSequenceFigure(analysis: Analysis, sections: Placed[], assets: Record<string, Asset>): void {
  // the first request only: a webhook the outside service calls back is a request of its own
  const all = analysis.identity?.mainPath ?? [];
  const back = all.findIndex((s, i) => i > 0 && s.calledBack);
  const path = back > 0 ? all.slice(0, back) : all;
  const model = sequenceModel(path);
  if (!model) return;
  const first = path[0]!;
  const steps = path.filter((s) => !s.external).map((s) => `"path":"${s.path}","line":${s.line}}`);
  const cited = (b: Block) => {
    const json = JSON.stringify(b);
    return steps.filter((s) => json.includes(s)).length;
  };
  // the section that tells the path cites most of its steps (more than one, unless the product has
  // only one: a handover straight into a library)
  let host: Placed | undefined;
  let best = steps.length > 1 ? 1 : 0;
  for (const s of sections) {
    const n = s.blocks.reduce((sum, b) => sum + cited(b), 0);
    if (GRAPH_KINDS.includes(s.draft.kind) && n > best) [host, best] = [s, n];
  }
  host ??= sections.find((s) => s.draft.kind === 'architecture');
  if (!host) return;
  assets['fig-sequence'] = svgAsset('fig-sequence', sequenceSvg(model, 'Main path'));
  // right after the list or paragraph that tells the steps
  let at = -1;
  host.blocks.forEach((b, i) => {
    if (cited(b) > (at >= 0 ? cited(host!.blocks[at]!) : 0)) at = i;
  });
  const figure: Block = {
    type: 'figure',
    asset: 'fig-sequence',
    // "as listed above" only where that one list names every step (set-up and the per-request steps
    // told as two lists are not one list)
    caption: `${sequenceScope(model, at >= 0 && steps.length > 1 && cited(host.blocks[at]!) === steps.length)}: who calls whom, from ${first.owner ? `${first.owner}.` : ''}${first.name}()`,
  };
  host.blocks.splice(at >= 0 ? at + 1 : host.blocks.length, 0, figure);
}

/** The product's modules and the imports between them (agents/facts.ts): the figure draws the product. */
function productGraph(analysis: Analysis): Analysis['moduleGraph'] {
  const fx = factsOf(analysis);
  const nodes = analysis.moduleGraph.nodes.flatMap((n) => {
    const m = fx.modules.find((x) => x.id === n.id);
    return m ? [{ ...n, files: m.files, lines: m.lines }] : [];
  });
  return { nodes, edges: fx.moduleEdges };
}

/**
 * Figures read best right after the section's opening paragraph; a paragraph that ends in a colon
 * opens the table or list below it, and the figure goes after that.
 */
function insertAfterLead(blocks: Block[], figure: Block): void {
  const lead = blocks.findIndex((b) => b.type === 'paragraph');
  if (lead < 0) return void blocks.push(figure);
  const opens =
    /:\s*$/.test(inlineText(blocks[lead]!)) && /^(table|list)$/.test(blocks[lead + 1]?.type ?? '');
  blocks.splice(lead + (opens ? 2 : 1), 0, figure);
}

/** The words of a paragraph, for looking at how it ends. */
function inlineText(b: Block): string {
  const words = (xs: Inline[]): string =>
    xs.map((x) => ('value' in x ? x.value : 'children' in x ? words(x.children) : '')).join('');
  return b.type === 'paragraph' ? words(b.children) : '';
}

function svgAsset(id: string, svg: string): Asset {
  const raster = rasterise(svg);
  return {
    id,
    mime: 'image/svg+xml',
    data: Buffer.from(svg).toString('base64'),
    png: Buffer.from(raster.png).toString('base64'),
    width: raster.width,
    height: raster.height,
  };
}

async function loadImage(image: ImageAsset, id: string, assets: Record<string, Asset>): Promise<string> {
  const bytes = new Uint8Array(await readFile(image.path));
  const size = imageSize(bytes);
  if (size) {
    assets[id] = {
      id,
      mime: size.mime,
      data: Buffer.from(bytes).toString('base64'),
      width: size.width,
      height: size.height,
    };
    return id;
  }
  const text = Buffer.from(bytes.subarray(0, 2048)).toString('utf8');
  if (/<svg[\s>]/i.test(text) || image.mime === 'image/svg+xml') {
    const svg = Buffer.from(bytes).toString('utf8');
    try {
      const raster = rasterise(svg, 1);
      assets[id] = {
        id,
        mime: 'image/svg+xml',
        data: Buffer.from(bytes).toString('base64'),
        png: Buffer.from(raster.png).toString('base64'),
        width: raster.width,
        height: raster.height,
      };
      return id;
    } catch (cause) {
      throw new EngineError('writer', `The image "${image.name}" is not a valid SVG file.`, { cause });
    }
  }
  throw new EngineError('writer', `The image "${image.name}" is not a PNG, JPEG or SVG file.`);
}

function uniqueId(base: string, assets: Record<string, Asset>): string {
  let id = base;
  for (let n = 2; assets[id]; n++) id = `${base}-${n}`;
  return id;
}

export function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .split('-')
      .filter(Boolean)
      .join('-')
      .slice(0, 48) || 'x'
  );
}

function stem(name: string): string {
  return name.replace(/\.[^.]+$/, '');
}

/** "system-architecture.png" → "System architecture". */
function caption(name: string): string {
  const words = stem(name).replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

export function formatDate(d: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(d);
}
