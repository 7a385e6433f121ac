// A realistic document tree for the writer tests: every node type, long tables, deep lists and the
// characters that break naive writers (TeX specials, XML specials, quotes, dashes, arrows, CJK, emoji).

import { dependencyGraphSvg } from '../../src/figures/dependency-graph.ts';
import { languageChartSvg } from '../../src/figures/language-chart.ts';
import { rasterise } from '../../src/figures/svg.ts';
import { markdownToBlocks } from '../../src/tree/markdown.ts';
import { DOC_TREE_VERSION, type Asset, type Block, type DocTree } from '../../src/tree/types.ts';

// laid out once, by Graphviz, for every tree the tests build
const modulesSvg = await dependencyGraphSvg({
  nodes: [
    { id: 'apps/web/src', files: 60, lines: 9000 },
    { id: 'apps/server/src', files: 40, lines: 7000 },
    { id: 'packages/shared/src', files: 10, lines: 1200 },
    { id: 'packages/engine/src', files: 50, lines: 8000 },
    { id: 'packages/engine/src/writers', files: 12, lines: 2400 },
  ],
  edges: [
    { from: 'apps/web/src', to: 'packages/shared/src', weight: 12 },
    { from: 'apps/server/src', to: 'packages/shared/src', weight: 9 },
    { from: 'apps/server/src', to: 'packages/engine/src', weight: 4 },
    { from: 'packages/engine/src', to: 'packages/engine/src/writers', weight: 6 },
    { from: 'packages/engine/src/writers', to: 'packages/engine/src', weight: 2 },
  ],
});

export const NASTY =
  String.raw`Specials \ { } $ & # ^ _ % ~ < > | " ' ` +
  '`' +
  String.raw` -- --- and “quotes” ‘single’ – — … • € ™ © ° ± × µ; accents café naïve Øresund Łódź Œuvre; arrows → ← ⇒ ≤ ≥ ≠; Greek α β; CJK 漢字; emoji 🚀; zero${'\u200b'}width; \end{Verbatim} \section{x} </w:t> ]]> &amp;`;

export const HEADINGS = [
  'Executive Summary',
  'Architecture & Design_Notes',
  'Components {core} 100% $cost',
  'Dependencies',
  'Code Metrics',
  'Conclusion',
];

function svgAsset(id: string, svg: string): Asset {
  const r = rasterise(svg);
  return {
    id,
    mime: 'image/svg+xml',
    data: Buffer.from(svg).toString('base64'),
    png: Buffer.from(r.png).toString('base64'),
    width: r.width,
    height: r.height,
  };
}

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect width="240" height="80" rx="12" fill="#1e3a8a"/><text x="120" y="52" font-size="32" text-anchor="middle" fill="#fff" font-family="DejaVu Sans">ACME</text></svg>`;

export function fixtureTree(): DocTree {
  const logo = rasterise(LOGO_SVG, 1);
  const assets: Record<string, Asset> = {
    logo: {
      id: 'logo',
      mime: 'image/png',
      data: Buffer.from(logo.png).toString('base64'),
      width: logo.width,
      height: logo.height,
    },
    'fig-languages': svgAsset(
      'fig-languages',
      languageChartSvg([
        { language: 'TypeScript', files: 120, code: 18450, comment: 2100, blank: 2900 },
        { language: 'Python', files: 30, code: 4200, comment: 600, blank: 700 },
        { language: 'SQL', files: 12, code: 900, comment: 40, blank: 100 },
        { language: 'Markdown', files: 9, code: 640, comment: 0, blank: 200 },
        { language: 'YAML', files: 7, code: 310, comment: 20, blank: 30 },
      ]),
    ),
    'fig-modules': svgAsset('fig-modules', modulesSvg),
  };

  const longRows = Array.from({ length: 45 }, (_, i) => [
    [{ type: 'text' as const, value: `dependency-${String(i + 1).padStart(2, '0')}` }],
    [{ type: 'code' as const, value: `^${i % 7}.${i % 11}.${i}` }],
    [{ type: 'text' as const, value: i % 3 === 0 ? 'runtime' : 'dev' }],
    [{ type: 'citation' as const, path: `packages/module-${i}/package.json`, line: i + 3 }],
  ]);

  const md =
    markdownToBlocks(`The **server** exposes a _Fastify_ API (see \`apps/server/src/app.ts:42\` and [apps/web/src/main.tsx:7-19]); links such as [the docs](https://example.com/a_b?x=1&y=%20#frag) stay clickable.

1. First step with \`inline_code()\`
2. Second step
   - nested bullet one
   - nested bullet two with a long sentence that wraps onto the next line to prove that hanging indentation looks right
     1. third level
        - fourth level
          - fifth level, deeper than LaTeX nests

> [!WARNING]
> Three hard-coded secrets were found; they are reported masked as \`AKIA****WXYZ\`.

> A plain quotation from the README: “build once, run anywhere”.

| Route | Method | Handler | File |
|:------|:------:|--------:|------|
| /api/reports/:id | GET | getReport | \`apps/server/src/modules/reports/routes.ts:18\` |
| /api/generate | POST | createReport | \`apps/server/src/modules/reports/routes.ts:40\` |

---
`);

  const blocks: Block[] = [
    { type: 'heading', level: 1, text: HEADINGS[0]!, numbered: true, id: 'sec-1' },
    {
      type: 'paragraph',
      children: [
        {
          type: 'text',
          value: 'ACME Portal is a TypeScript monorepo of 4 packages with 24 510 lines of code. ',
        },
        {
          type: 'strong',
          children: [
            { type: 'text', value: 'Bold ' },
            { type: 'emphasis', children: [{ type: 'text', value: 'and italic' }] },
          ],
        },
        { type: 'text', value: ' text, a line' },
        { type: 'break' },
        { type: 'text', value: 'break, and a citation ' },
        { type: 'citation', path: 'src/index.ts', line: 12 },
        { type: 'text', value: '.' },
      ],
    },
    { type: 'figure', asset: 'fig-languages', caption: 'Code lines per language' },
    { type: 'heading', level: 1, text: HEADINGS[1]!, numbered: true, id: 'sec-2' },
    ...md,
    { type: 'figure', asset: 'fig-modules', caption: 'Module dependency graph' },
    { type: 'heading', level: 2, text: HEADINGS[2]!, numbered: true, id: 'sec-2-1' },
    { type: 'paragraph', children: [{ type: 'text', value: NASTY }] },
    {
      type: 'heading',
      level: 3,
      text: `Nasty heading ${NASTY.slice(0, 40)}`,
      numbered: true,
      id: 'sec-2-1-1',
    },
    { type: 'heading', level: 4, text: 'An unnumbered sub-heading', numbered: false },
    {
      type: 'code',
      language: 'ts',
      caption: 'apps/server/src/app.ts',
      value: `// ${NASTY}\nexport async function buildApp(opts: AppOptions): Promise<FastifyInstance> {\n\tconst app = Fastify({ logger: true, bodyLimit: 10_485_760 }); // a very long line that must wrap rather than run off the page: ${'x'.repeat(120)}\n\tawait app.register(cors, { origin: ['https://app.example.com'] });\n  return app;\n}\n\\end{Verbatim}\n`,
    },
    {
      type: 'callout',
      tone: 'info',
      title: 'Note',
      children: [
        { type: 'paragraph', children: [{ type: 'text', value: 'Callouts hold blocks, including lists:' }] },
        {
          type: 'list',
          ordered: false,
          items: [
            [{ type: 'paragraph', children: [{ type: 'text', value: 'one' }] }],
            [{ type: 'paragraph', children: [{ type: 'text', value: 'two' }] }],
          ],
        },
      ],
    },
    {
      type: 'callout',
      tone: 'success',
      children: [{ type: 'paragraph', children: [{ type: 'text', value: 'All 312 tests pass.' }] }],
    },
    { type: 'heading', level: 1, text: HEADINGS[3]!, numbered: true, id: 'sec-3' },
    { type: 'paragraph', children: [{ type: 'text', value: 'The project declares 45 dependencies:' }] },
    {
      type: 'table',
      header: [
        [{ type: 'text', value: 'Package' }],
        [{ type: 'text', value: 'Version' }],
        [{ type: 'text', value: 'Scope' }],
        [{ type: 'text', value: 'Declared in' }],
      ],
      rows: longRows,
      caption: 'Declared dependencies',
    },
    { type: 'heading', level: 1, text: HEADINGS[4]!, numbered: true, id: 'sec-4' },
    {
      type: 'table',
      header: [
        [{ type: 'text', value: 'A very long column header that must wrap inside its cell' }],
        [{ type: 'text', value: 'B' }],
      ],
      rows: [
        [
          [
            {
              type: 'text',
              value:
                'x'.repeat(30) +
                ' ' +
                'https://example.com/a/very/long/url/that/has/no/spaces/at/all/and/keeps/going/on/and/on',
            },
          ],
          [{ type: 'text', value: '1' }],
        ],
        [[], [{ type: 'text', value: 'empty first cell' }]],
      ],
    },
    { type: 'pageBreak' },
    { type: 'heading', level: 1, text: HEADINGS[5]!, numbered: true, id: 'sec-5' },
    { type: 'paragraph', children: [{ type: 'text', value: 'The code base is in good health.' }] },
    { type: 'rule' },
    {
      type: 'heading',
      level: 1,
      text: 'Appendix: Images',
      numbered: false,
      toc: true,
      id: 'appendix-images',
    },
    { type: 'figure', asset: 'logo', caption: 'Company logo (an uploaded image)' },
  ];

  return {
    version: DOC_TREE_VERSION,
    meta: { title: 'ACME Portal', generatedAt: '2026-01-15T10:00:00.000Z', generator: 'ATR report engine' },
    cover: {
      title: 'ACME Portal & Co_ 100%',
      subtitle: 'Technical Report',
      date: '15 January 2026',
      logoAsset: 'logo',
      company: {
        name: 'ACME S.p.A. & Söhne',
        vat: 'IT01234567890',
        address: 'Via Roma 1, 20121 Milano #3',
        phone: null,
        email: 'info@acme.example',
        website: null,
      },
    },
    toc: true,
    blocks,
    assets,
    // the one address this report chose to link to; any other link would render as its text
    links: ['https://example.com/a_b?x=1&y=%20#frag'],
  };
}
