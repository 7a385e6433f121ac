// Proof on real code: each corpus repository is unpacked, the engine writes its report offline with
// the generic template, and every fact of its fact sheet is checked against analysis.json's identity
// block and the report's text. The sheets are ground truth (format: the corpus folder's FORMAT.md).

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { Analysis, Identity } from '../src/analyse/types.ts';
import { generateReport } from '../src/pipeline.ts';
import { parseTemplate } from '../src/template/parse.ts';
import { sequenceModel } from '../src/figures/sequence.ts';
import { editorialFindings } from '../src/tree/editorial.ts';
import { corpusDir } from './corpus-archives.ts';
import type { Block, DocTree, Inline } from '../src/tree/types.ts';
import type { EngineContext, ReportArtifacts } from '../src/types.ts';

// the corpus sits beside the repository checkout (test/corpus-archives.ts finds it; required under CI)
const found = corpusDir();
const present = found !== null && readdirSync(found).some((f) => f.endsWith('.facts.yaml'));
if (!present) console.warn('SKIPPING the corpus tests: no fact sheets found (set ATR_CORPUS_DIR)');
const corpus = found ?? '';

interface FactSheet {
  name: string;
  kind: string[];
  purpose_any: string[];
  product_paths: string[];
  non_product: Record<string, string>;
  entry_points_any: string[];
  public_api: { names: string[]; min: number };
  key_components_top: { paths: string[]; within: number };
  main_path?: { names: string[]; min: number };
  tests?: { cases_min: number; cases_max: number; frameworks_any?: string[] };
  license_any?: string[];
  report_must_contain_any?: string[][];
  report_must_not_contain?: string[];
}

const sheets: FactSheet[] = present
  ? readdirSync(corpus)
      .filter((f) => f.endsWith('.facts.yaml'))
      .sort()
      .map((f) => parseYaml(readFileSync(path.join(corpus, f), 'utf8')) as FactSheet)
  : [];

const lower = (s: string) => s.toLowerCase();
const apiName = (s: string) => lower(s).replace(/^-+/, '');
const inside = (p: string, dir: string) =>
  lower(p) === lower(dir) || lower(p).startsWith(lower(dir).replace(/\/$/, '') + '/');
const collapse = (s: string) => s.replace(/\s+/g, ' ');

const STRUCTURE = new Set([
  'type',
  'id',
  'data',
  'src',
  'png',
  'mime',
  'asset',
  'align',
  'tone',
  'version',
  'generator',
  'generatedAt',
]);

/** Every text the writers received, in document order. */
function treeText(tree: DocTree): string {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    // words only: node types, ids, alignments and asset data are structure, not text
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) if (!STRUCTURE.has(k)) walk(x);
  };
  walk(tree);
  return collapse(out.join(' '));
}

/** The chapters that describe the product itself: only product code may be cited there as the product's. */
const PRODUCT_CHAPTERS =
  /^(executive summary|technology stack|architecture|api and endpoints|configuration|security|getting started|conclusion)/i;
/** What a sentence says to name a non-product path as what it is. */
const NAMED_AS: Record<string, RegExp> = {
  examples: /exampl|sample|demo|tutorial/i,
  tests: /test|spec/i,
  fixtures: /fixture|test/i,
  benchmarks: /bench/i,
  docs: /doc|guide|readme|manual|book|site/i,
};

/**
 * Citations in the product chapters of a path the analysis sets apart as examples, tests, fixtures,
 * benchmarks or docs, in a sentence that does not say so: "chapter: path — sentence".
 */
function scopeLeaks(tree: DocTree, nonProduct: { path: string; role: string }[]): string[] {
  const out: string[] = [];
  let chapter = '';
  const roleOf = (p: string) => nonProduct.find((n) => inside(p, n.path))?.role;
  const inline = (xs: Inline[]): string =>
    xs
      .map((x) =>
        x.type === 'citation'
          ? `⟦${x.path}⟧`
          : 'value' in x
            ? x.value
            : 'children' in x
              ? inline(x.children)
              : ' ',
      )
      .join('');
  const check = (unit: string) => {
    for (const sentence of unit.split(/(?<=[.!?])\s+(?=[A-Z`])/))
      for (const [, cited] of sentence.matchAll(/⟦([^⟦⟧]+)⟧/g)) {
        const named = NAMED_AS[roleOf(cited!) ?? ''];
        if (named && !named.test(sentence.replace(/⟦[^⟦⟧]+⟧/g, '')))
          out.push(`${chapter}: ${cited} — ${sentence.replace(/[⟦⟧]/g, '').slice(0, 200)}`);
      }
  };
  const walk = (b: Block) => {
    if (b.type === 'paragraph') check(inline(b.children));
    else if (b.type === 'list') b.items.forEach((item) => item.forEach(walk));
    else if (b.type === 'table') b.rows.forEach((row) => check(row.map(inline).join(' | ')));
    else if (b.type === 'callout' || b.type === 'quote') b.children.forEach(walk);
  };
  for (const b of tree.blocks) {
    if (b.type === 'heading' && b.level === 1) chapter = b.text;
    else if (PRODUCT_CHAPTERS.test(chapter.replace(/^\d+\s*/, ''))) walk(b);
  }
  return out;
}

const template = parseTemplate(
  readFileSync(
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../templates/generic_template.yaml'),
    'utf8',
  ),
);
let work: string;
beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-corpus-'));
});
afterAll(async () => {
  if (work) await fs.rm(work, { recursive: true, force: true });
});

for (const sheet of sheets) {
  describe.runIf(present)(`corpus: ${sheet.name}`, () => {
    let result: ReportArtifacts;
    let analysis: Analysis;
    let id: Identity;
    let text: string;

    beforeAll(async () => {
      const dir = path.join(work, sheet.name);
      await fs.mkdir(dir, { recursive: true });
      execFileSync('tar', ['-xzf', path.join(corpus, `${sheet.name}.tar.gz`), '-C', dir]);
      // uploaded as a folder called "src", as users often do: the title must come from the manifest
      await fs.rename(path.join(dir, sheet.name), path.join(dir, 'src'));
      const ctx: EngineContext = {
        workDir: path.join(dir, 'work'),
        now: () => new Date('2026-03-02T10:00:00Z'),
        onProgress: () => {},
      };
      result = await generateReport(
        { projectName: '', source: { kind: 'directory', path: path.join(dir, 'src') }, template },
        ctx,
        { pdfEngine: 'js' },
      );
      analysis = result.analysis;
      if (!analysis.identity) throw new Error('analysis.json has no identity block');
      id = analysis.identity;
      text = treeText(result.tree);
    }, 180_000);

    describe('identity', () => {
      it('kind', () => {
        expect(sheet.kind.map(lower)).toContain(lower(id.kind));
      });

      it('purpose is one of the expected phrasings', () => {
        const purpose = lower(id.purpose?.text ?? '');
        expect(
          sheet.purpose_any.some((p) => purpose.includes(lower(p))),
          `purpose: ${id.purpose?.text}`,
        ).toBe(true);
      });

      it('product paths', () => {
        for (const p of sheet.product_paths)
          expect(
            id.productPaths.some((d) => inside(p, d)),
            `${p} in ${JSON.stringify(id.productPaths)}`,
          ).toBe(true);
      });

      it('non-product paths and their roles', () => {
        for (const [p, role] of Object.entries(sheet.non_product)) {
          // the most specific non-product entry holding the path gives its role
          const holder = id.nonProduct
            .filter((n) => inside(p, n.path))
            .sort((a, b) => b.path.length - a.path.length)[0];
          expect(
            holder ? lower(holder.role) : `${p}: not classified`,
            `${p} in ${JSON.stringify(id.nonProduct)}`,
          ).toBe(lower(role));
        }
      });

      it('entry points', () => {
        const paths = id.entryPoints.map((e) => lower(e.path));
        expect(
          sheet.entry_points_any.some((p) => paths.includes(lower(p))),
          JSON.stringify(id.entryPoints),
        ).toBe(true);
      });

      it('public API', () => {
        const names = new Set(id.publicApi.map((a) => apiName(a.name)));
        const found = sheet.public_api.names.filter((n) => names.has(apiName(n)));
        expect(found.length, `found ${JSON.stringify(found)}`).toBeGreaterThanOrEqual(sheet.public_api.min);
      });

      it('key components', () => {
        const top = id.keyComponents.slice(0, sheet.key_components_top.within).map((k) => lower(k.path));
        expect(
          sheet.key_components_top.paths.some((p) => top.includes(lower(p))),
          JSON.stringify(top),
        ).toBe(true);
      });

      if (sheet.main_path) {
        const mp = sheet.main_path;
        it("main path: traced from the entry, the sheet's steps among its first 8", () => {
          // `app.handle` matches `handle`, `Hono.#dispatch` matches `dispatch`
          const stepName = (s: string) => lower(s.split(/\.|::/).pop()!.replace(/^#/, ''));
          const steps = (id.mainPath ?? []).slice(0, 8).map((s) => stepName(s.name));
          const found = mp.names.filter((n) => steps.includes(stepName(n)));
          expect(
            found.length,
            `steps ${JSON.stringify(steps)}; found ${JSON.stringify(found)}`,
          ).toBeGreaterThanOrEqual(mp.min);
        });
      }

      it("the report is titled with the project's own name, not the upload's folder name", () => {
        // the manifest's name where it gives one, else the README's title
        const letters = (s: string) => lower(s).replace(/[^a-z0-9]/g, '');
        if (analysis.project.manifestName)
          expect(letters(analysis.project.manifestName)).toContain(letters(sheet.name));
        const title = result.tree.meta.title;
        expect(letters(title)).toContain(letters(sheet.name));
        expect(result.tree.cover?.title).toBe(title);
      });
    });

    // editorial rules hold on every report, whatever its sheet says
    describe('editorial rules', () => {
      it('no sentence of prose is printed twice (under 1 %), and none is scaffolding', () => {
        const f = editorialFindings(result.tree);
        expect(f.sentences).toBeGreaterThan(40);
        expect(f.repeated.length / f.sentences, f.repeated.join('\n')).toBeLessThan(0.01);
        expect(f.scaffolding).toEqual([]);
      });

      it('the product chapters cite examples, tests, fixtures, benchmarks and docs only by that name', () => {
        const leaks = scopeLeaks(result.tree, id.nonProduct ?? []);
        expect(leaks, leaks.join('\n')).toEqual([]);
      });

      it('the main path is drawn, beside the text that tells it', () => {
        if (!sequenceModel(id.mainPath ?? [])) return;
        const blocks = result.tree.blocks;
        const at = blocks.findIndex((b) => b.type === 'figure' && b.asset === 'fig-sequence');
        expect(at).toBeGreaterThan(0);
        // the section the figure sits in cites the path's steps, before the figure
        let head = at;
        while (head > 0 && blocks[head]!.type !== 'heading') head--;
        const told = JSON.stringify(blocks.slice(head, at));
        const steps = id.mainPath!.filter((s) => !s.external);
        const cited = steps.filter((s) => told.includes(`"path":"${s.path}","line":${s.line}}`));
        expect(cited.length, told.slice(0, 400)).toBeGreaterThanOrEqual(Math.min(3, steps.length));
        expect(result.tree.assets['fig-sequence']!.png).toBeTruthy();
      });
    });

    // the other fact kinds: tests, licence and the report's text
    describe('tests, licence and report text', () => {
      const fact = (key: string, fn: () => void) => it(key, fn);

      if (sheet.tests) {
        const t = sheet.tests;
        fact('tests', () => {
          expect(analysis.tests.totalCases).toBeGreaterThanOrEqual(t.cases_min);
          expect(analysis.tests.totalCases).toBeLessThanOrEqual(t.cases_max);
          const fw = analysis.tests.frameworks.map(lower);
          if (t.frameworks_any)
            expect(
              t.frameworks_any.some((f) => fw.includes(lower(f))),
              JSON.stringify(fw),
            ).toBe(true);
        });
      }
      if (sheet.license_any) {
        const l = sheet.license_any;
        fact('license_any', () => {
          expect(l.map(lower)).toContain(lower(analysis.license?.spdx ?? 'none'));
        });
      }
      (sheet.report_must_contain_any ?? []).forEach((group, i) => {
        fact(`report_must_contain_any[${i}]`, () => {
          const t = lower(text);
          expect(
            group.some((p) => t.includes(lower(collapse(p)))),
            `none of ${JSON.stringify(group)}`,
          ).toBe(true);
        });
      });
      (sheet.report_must_not_contain ?? []).forEach((phrase, i) => {
        fact(`report_must_not_contain[${i}]`, () => {
          expect(lower(text)).not.toContain(lower(collapse(phrase)));
        });
      });
    });
  });
}

it.runIf(present)('the corpus holds an archive for every fact sheet', () => {
  for (const s of sheets) expect(existsSync(path.join(corpus, `${s.name}.tar.gz`)), s.name).toBe(true);
  expect(sheets.length).toBeGreaterThanOrEqual(5);
});
