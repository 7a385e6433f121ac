// Builds the document tree of a report: cover, contents, one heading + body per section draft,
// the two analysis figures and the uploaded images (placed where named, the rest in an appendix).

import { readFile } from 'node:fs/promises';
import type { Appendix, SectionDraft } from '../agents/types.ts';
import type { Analysis } from '../analyse/types.ts';
import type { ReportTemplate } from '../template/types.ts';
import type { CompanyData, ImageAsset } from '../types.ts';
import { writtenLanguages } from '../analyse/languages.ts';
import { knownFiles } from '../citations.ts';
import { EngineError } from '../errors.ts';
import { dependencyGraphSvg } from '../figures/dependency-graph.ts';
import { imageSize } from '../figures/image-size.ts';
import { languageChartSvg } from '../figures/language-chart.ts';
import { rasterise } from '../figures/svg.ts';
import { applyLinkPolicy } from './links.ts';
import { markdownToBlocks } from './markdown.ts';
import { DOC_TREE_VERSION, type Asset, type Block, type CoverInfo, type DocTree } from './types.ts';

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

  addAnalysisFigures(input.analysis, sectionBlocks, assets);

  const blocks: Block[] = [];
  for (const { draft, blocks: body } of sectionBlocks) {
    blocks.push({
      type: 'heading',
      level: draft.level,
      text: draft.title,
      numbered: true,
      id: `sec-${slug(draft.id)}`,
    });
    blocks.push(...body);
  }
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

function addAnalysisFigures(analysis: Analysis, sections: Placed[], assets: Record<string, Asset>): void {
  if (sections.length === 0) return;
  const chartHost = sections.find((s) => CHART_KINDS.includes(s.draft.kind)) ?? sections[0]!;
  if (analysis.languages.some((l) => l.code > 0)) {
    assets['fig-languages'] = svgAsset(
      'fig-languages',
      languageChartSvg(writtenLanguages(analysis.languages)),
    );
    insertAfterLead(chartHost.blocks, {
      type: 'figure',
      asset: 'fig-languages',
      caption: 'Code lines per language (blank lines and comments excluded)',
    });
  }
  if (analysis.moduleGraph.nodes.length >= 2) {
    const graphHost = sections.find((s) => GRAPH_KINDS.includes(s.draft.kind)) ?? chartHost;
    assets['fig-modules'] = svgAsset('fig-modules', dependencyGraphSvg(analysis.moduleGraph));
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

/** Figures read best right after the section's opening paragraph. */
function insertAfterLead(blocks: Block[], figure: Block): void {
  const lead = blocks.findIndex((b) => b.type === 'paragraph');
  blocks.splice(lead >= 0 ? lead + 1 : blocks.length, 0, figure);
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
      .replace(/^-+|-+$/g, '')
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
