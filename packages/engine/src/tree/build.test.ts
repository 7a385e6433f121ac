import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SectionDraft } from '../agents/types.ts';
import type { Analysis } from '../analyse/types.ts';
import { rasterise } from '../figures/svg.ts';
import { buildDocument } from './build.ts';
import type { Block } from './types.ts';

function analysis(): Analysis {
  return {
    version: 1,
    generatedAt: '2026-01-01T00:00:00.000Z',
    project: { name: 'demo', files: 3, bytes: 100, lines: { code: 30, comment: 0, blank: 0 } },
    files: ['a', 'b', 'c'].map((m) => ({
      path: `src/${m}/index.ts`,
      size: 100,
      language: 'TypeScript',
      role: 'product' as const,
      code: 10,
      comment: 0,
      blank: 0,
    })),
    skipped: [],
    languages: [
      { language: 'TypeScript', files: 2, code: 20, comment: 0, blank: 0 },
      { language: 'CSS', files: 1, code: 10, comment: 0, blank: 0 },
    ],
    tree: { name: '', path: '', files: 3, bytes: 100, lines: 30, children: [] },
    manifests: [],
    dependencies: [],
    frameworks: [],
    entryPoints: [],
    symbols: [],
    imports: [],
    moduleGraph: {
      nodes: [
        { id: 'src/a', files: 1, lines: 10 },
        { id: 'src/b', files: 1, lines: 10 },
        { id: 'src/c', files: 1, lines: 10 },
      ],
      edges: [
        { from: 'src/a', to: 'src/b', weight: 1 },
        { from: 'src/b', to: 'src/c', weight: 1 },
      ],
    },
    routes: [],
    envVars: [],
    tests: { frameworks: [], files: [], totalCases: 0 },
    ci: [],
    containers: [],
    license: null,
    docs: { readme: null, files: [] },
    todos: [],
    git: null,
    secrets: [],
    config: { files: [] },
    timings: {},
  };
}

const draft = (
  id: string,
  level: 1 | 2 | 3,
  title: string,
  kind: SectionDraft['kind'],
  markdown: string,
): SectionDraft => ({ id, level, title, kind, markdown, citations: [] });

let dir: string;
const png = rasterise(
  '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20"><rect width="30" height="20" fill="red"/></svg>',
  1,
).png;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'atr-'));
  for (const n of ['logo.png', 'arch.png', 'inline.png', 'extra.png'])
    await writeFile(path.join(dir, n), png);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const img = (name: string) => ({ name, path: path.join(dir, name), mime: 'image/png' });
const figures = (blocks: Block[]) =>
  blocks.flatMap((b, i) => (b.type === 'figure' ? [{ i, asset: b.asset }] : []));

describe('buildDocument', () => {
  it('builds cover, contents, numbered headings and places figures and uploaded images', async () => {
    const tree = await buildDocument({
      projectName: 'Demo',
      company: { name: 'ACME', vat: '  ', email: 'a@b.c' },
      logo: img('logo.png'),
      images: [img('arch.png'), img('inline.png'), img('extra.png')],
      analysis: analysis(),
      generatedAt: new Date('2026-03-05T12:00:00Z'),
      template: {
        chapters: [
          { title: 'Overview', sections: [] },
          { title: 'Architecture', sections: [], images: ['ARCH.png'] },
          { title: 'Stack', sections: [] },
        ],
        warnings: [],
      },
      sections: [
        draft('1', 1, 'Overview', 'overview', 'Intro text.\n\n![Flow](inline.png)'),
        draft('2', 1, 'Architecture', 'architecture', 'Layers.\n\n### Detail\n\nMore.'),
        draft('3', 1, 'Stack', 'technology', 'We use TypeScript.'),
      ],
    });
    expect(tree.version).toBe(1);
    expect(tree.toc).toBe(true);
    expect(tree.cover).toMatchObject({
      title: 'Demo',
      subtitle: 'Technical Report',
      date: '5 March 2026',
      logoAsset: 'logo',
      company: { name: 'ACME', vat: null, address: null, email: 'a@b.c' },
    });
    const headings = tree.blocks.filter((b) => b.type === 'heading');
    expect(headings.map((h) => [h.text, h.level, h.numbered])).toEqual([
      ['Overview', 1, true],
      ['Architecture', 1, true],
      ['Detail', 4, false],
      ['Stack', 1, true],
      ['Appendix: Images', 1, false],
    ]);
    const at = (title: string) => tree.blocks.findIndex((b) => b.type === 'heading' && b.text === title);
    const figs = figures(tree.blocks);
    const where = (asset: string) => figs.find((f) => f.asset === asset)!.i;
    expect(where('img-inline')).toBeLessThan(at('Architecture')); // named in the draft's markdown
    expect(where('fig-modules')).toBeGreaterThan(at('Architecture')); // architecture section
    expect(where('fig-modules')).toBeLessThan(at('Stack'));
    expect(where('img-arch')).toBeLessThan(at('Stack')); // template chapter.images
    expect(where('fig-languages')).toBeGreaterThan(at('Stack')); // technology section
    expect(where('img-extra')).toBeGreaterThan(at('Appendix: Images')); // not named anywhere
    expect(tree.assets['fig-languages']!.png).toBeTruthy();
    expect(tree.assets['img-arch']).toMatchObject({ mime: 'image/png', width: 30, height: 20 });
    expect(JSON.parse(JSON.stringify(tree))).toEqual(tree);
  });

  it("places a figure after the table that its section's opening sentence introduces", async () => {
    const tree = await buildDocument({
      projectName: 'Demo',
      images: [],
      analysis: analysis(),
      generatedAt: new Date('2026-03-05T12:00:00Z'),
      template: { chapters: [{ title: 'Architecture', sections: [] }], warnings: [] },
      sections: [
        draft(
          '1',
          1,
          'Architecture',
          'architecture',
          'The modules:\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\nMore.',
        ),
      ],
    });
    const lead = tree.blocks.findIndex((b) => b.type === 'paragraph');
    expect(tree.blocks[lead + 1]?.type).toBe('table');
    expect(figures(tree.blocks).map((f) => f.i)).not.toHaveLength(0);
    expect(Math.min(...figures(tree.blocks).map((f) => f.i))).toBe(lead + 2);
  });

  it('draws a main path of one product step beside the list that tells it', async () => {
    const a = analysis();
    a.identity = {
      mainPath: [
        { name: 'handle', path: 'src/a/index.ts', line: 3, note: 'called for each request' },
        {
          name: 'handle',
          path: 'src/a/index.ts',
          line: 5,
          external: 'router',
          note: 'called by handle',
          from: 0,
        },
      ],
    } as unknown as Analysis['identity'];
    const tree = await buildDocument({
      projectName: 'Demo',
      images: [],
      analysis: a,
      generatedAt: new Date('2026-03-05T12:00:00Z'),
      sections: [
        draft('1', 1, 'Architecture', 'architecture', 'Layers.'),
        draft(
          '2',
          2,
          'Module Dependencies',
          'architecture',
          'The steps:\n\n- `handle()` ([src/a/index.ts:3]).',
        ),
      ],
    });
    const at = tree.blocks.findIndex((b) => b.type === 'heading' && b.text === 'Module Dependencies');
    const fig = figures(tree.blocks).find((f) => f.asset === 'fig-sequence');
    // after the list that cites the step, not at the head of the chapter
    expect(fig?.i).toBe(at + 3);
  });

  it('rejects an image that is not PNG, JPEG or SVG with a clear message', async () => {
    await writeFile(path.join(dir, 'bad.gif'), 'GIF89a....');
    await expect(
      buildDocument({
        projectName: 'x',
        images: [img('bad.gif')],
        analysis: analysis(),
        sections: [],
        generatedAt: new Date(),
      }),
    ).rejects.toThrow(/not a PNG, JPEG or SVG/);
  });
});
