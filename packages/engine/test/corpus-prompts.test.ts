// What the model is shown, on real code bases: every prompt of an AI-mode run on each corpus
// repository, recorded by the loopback model server answering with minimal valid replies, against
// the repository's fact sheet. The writers must see the definitions of the main path; no prompt may
// carry more of one file than the per-file cap; the summarisers' tokens go to the product's code,
// not to migrations, data tables, tests or generated files; the review takes at most 15 % of the
// run, which stays within its budget; a writer is told which excerpt is a test's, an example's, a
// migration's or a UI kit's, and is shown no more of a migration, data table or generated file
// than the window of a cited line. The figures are printed for
// BENCHMARKS.md (ATR_PROMPT_FIGURES=1).

import { readFileSync } from 'node:fs';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { analyse } from '../src/analyse/index.ts';
import type { Analysis } from '../src/analyse/types.ts';
import { runAgents } from '../src/agents/index.ts';
import { factsOf } from '../src/agents/facts.ts';
import { centreLines, definitionBody, extensionDefs } from '../src/agents/llm/evidence.ts';
import { projectModel } from '../src/agents/model.ts';
import { llmRoles } from '../src/agents/llm/index.ts';
import type { CentreDef } from '../src/agents/llm/evidence.ts';
import { shownLines } from '../src/agents/llm/prompts.ts';
import { FILE_CAP_TOKENS, readingRoleOf, SNIPPET_TOKENS } from '../src/agents/llm/reading.ts';
import { ingest } from '../src/ingest/index.ts';
import { createModelSession } from '../src/llm/client.ts';
import { parseAiConfig } from '../src/llm/config.ts';
import { fixtureModel, type FakeRequest, startFakeModelServer } from '../src/llm/fake-model-server.ts';
import { countTokens } from '../src/llm/tokens.ts';
import { parseTemplate } from '../src/template/parse.ts';
import { corpusDir, corpusNames, unpackCorpus } from './corpus-archives.ts';

const corpus = corpusDir();
const generic = parseTemplate(
  await fs.readFile(path.resolve(import.meta.dirname, '../templates/generic_template.yaml'), 'utf8'),
);
let work: string;
beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-corpus-prompts-'));
});
afterAll(async () => {
  if (work) await fs.rm(work, { recursive: true, force: true });
});

const roleOf = (q: FakeRequest) => /Role: (\w+)/.exec(q.system)?.[1];

interface MainPathSheet {
  names: string[];
  min: number;
}

/** Where each of the sheet's main-path names is defined along the analysis' main path (its product steps). */
function definitionsOf(a: Analysis, names: string[]): { name: string; path: string; line: number }[] {
  const steps = (a.identity?.mainPath ?? []).filter((s) => !s.external);
  return names.flatMap((name) => {
    const step = steps.find((s) => s.name === name || s.name.endsWith(`.${name}`));
    return step ? [{ name, path: step.path, line: step.line }] : [];
  });
}

describe.runIf(corpus)('what the model is shown, on the corpus', () => {
  it.each(corpus ? corpusNames(corpus) : [])(
    '%s: the writers see the main path, one file never fills a prompt, summaries read the product',
    async (name) => {
      const sheet = parseYaml(readFileSync(path.join(corpus!, `${name}.facts.yaml`), 'utf8')) as {
        main_path?: MainPathSheet;
      };
      const dir = await unpackCorpus(corpus!, name);
      const server = await startFakeModelServer(fixtureModel);
      const started = performance.now();
      try {
        const ctx = { workDir: path.join(work, name), now: () => new Date(0), onProgress: () => {} };
        const workspace = await ingest({ kind: 'directory', path: dir }, ctx);
        const analysis = await analyse(workspace, ctx);
        const ai = parseAiConfig({
          provider: 'openai',
          model: 'gpt-4.1-mini',
          baseUrl: server.url,
          apiKey: 'k',
        });
        const session = createModelSession(ai);
        await runAgents(
          { analysis, template: generic, workspace, projectName: name, imageNames: [] },
          { ...ctx, model: session },
          llmRoles(session),
        );
        const requests = [...server.requests];
        const writers = requests.filter((q) => roleOf(q) === 'writer');
        const summarisers = requests.filter((q) => roleOf(q) === 'summariser');

        // (a) the main path's definitions, with the body that follows, in a writer's prompt
        const shownToWriters = writers.map((q) => shownLines(q.prompt));
        // whole: every line of code of its body (comment-only and blank lines may be left out)
        const language = new Map(analysis.files.map((f) => [f.path, f.language]));
        const seen = (p: string, line: number) => {
          const text = readFileSync(path.join(dir, p), 'utf8').split('\n');
          const body = definitionBody(text, language.get(p) ?? null, line).map(([n]) => n);
          return shownToWriters.some((m) => body.length > 0 && body.every((n) => m.get(p)?.has(n)));
        };
        const wanted = sheet.main_path ? definitionsOf(analysis, sheet.main_path.names) : [];

        // (f) the central abstractions' declarations (the first two the model lists) in a prompt of
        // the architecture or components sections, and every extension point's definition in some
        // writer's prompt, each line of it
        const kindOf = (q: FakeRequest) => /\(kind: ([\w-]+)/.exec(q.prompt)?.[1];
        const structural = writers
          .filter((q) => ['architecture', 'components'].includes(kindOf(q) ?? ''))
          .map((q) => shownLines(q.prompt));
        const whole = (shownTo: Map<string, Map<number, string>>[], d: CentreDef) => {
          const text = readFileSync(path.join(dir, d.path), 'utf8').split('\n');
          const body = centreLines(text, language.get(d.path) ?? null, d).map(([n]) => n);
          return shownTo.some((m) => body.length > 0 && body.every((n) => m.get(d.path)?.has(n)));
        };
        const model = projectModel(analysis);
        const types: CentreDef[] = model.abstractions.value
          .slice(0, 2)
          .map((t) => ({ path: t.path, line: t.line, name: t.name, shape: 'type' }));
        const typesShown = types.filter((d) => whole(structural, d)).map((d) => d.name);
        const points = extensionDefs(analysis);
        const pointsShown = points.filter((d) => whole(shownToWriters, d)).map((d) => d.name);
        const shown = wanted.filter((d) => seen(d.path, d.line)).map((d) => d.name);

        // (b) no prompt shows more of one file than the cap (numbered lines, tokens as counted)
        let largest = 0;
        for (const q of requests)
          for (const [, lines] of shownLines(q.prompt))
            largest = Math.max(largest, countTokens([...lines.values()].join('\n'), q.model));

        // (d) the summarisers' file tokens by what the file is
        const role = new Map(analysis.files.map((f) => [f.path, readingRoleOf(f, analysis)]));
        let product = 0;
        let other = 0;
        for (const q of summarisers)
          for (const [p, lines] of shownLines(q.prompt)) {
            const t = countTokens([...lines.values()].join('\n'), q.model);
            if (role.get(p) === 'product') product += t;
            else other += t;
          }
        const share = product + other ? product / (product + other) : 1;

        // (e) the writers' facts are the project model's: the product's own size and kind, its tools
        // apart from what it runs on, and nothing it did not measure given as zero
        const fx = factsOf(analysis);
        const productLine = `product: ${fx.productFiles.reduce((n, f) => n + f.code, 0)} code lines in ${fx.productFiles.length} source files`;
        const tools = analysis.frameworks.filter((f) => f.category === 'test').map((f) => f.name);
        for (const q of writers) {
          expect(q.prompt).toContain(productLine);
          expect(q.prompt).toContain(`project kind: ${analysis.identity!.kind}`);
          expect(q.prompt).not.toMatch(/\b0 module-to-module edges/);
          // an absence comes with what was searched, never as a count of zero
          const open = q.prompt.indexOf(' facts>>>\n');
          const facts = q.prompt.slice(open, q.prompt.indexOf('\n<<<END DATA', open));
          expect(open).toBeGreaterThan(0);
          expect(facts).not.toMatch(/^[^:\n]+: 0\b/m);
          for (const fact of [
            'tests',
            'HTTP routes served by the product',
            'environment variables the product reads',
            "TODO/FIXME markers in the product's own files",
            'licence',
          ]) {
            const value = facts
              .split('\n')
              .find((l) => l.startsWith(`${fact}: `))
              ?.slice(fact.length + 2);
            expect(value, `the facts give ${fact}`).toBeDefined();
            if (value!.startsWith('none')) expect(value).toMatch(/^none found \(searched: \w/);
          }
          const runsOn = /^frameworks and libraries the product runs on: (.*)$/m.exec(q.prompt)?.[1];
          expect(runsOn, 'the facts name what the product runs on').toBeDefined();
          for (const tool of tools) expect(runsOn).not.toContain(tool);
        }
        const tokens = requests.reduce((n, q) => n + countTokens(q.system + q.prompt, q.model), 0);
        // (c) the reviewer's share of the run's tokens
        const reviewed = requests
          .filter((q) => roleOf(q) === 'reviewer')
          .reduce((n, q) => n + countTokens(q.system + q.prompt, q.model), 0);
        // what the writers are shown of files that are not the product, by reading role; the most of
        // one migration, data table or generated file in any prompt
        const writerByRole: Record<string, number> = {};
        let largestNamedOnly = 0;
        const unlabelled: string[] = [];
        for (const q of requests) {
          for (const [p, lines] of shownLines(q.prompt)) {
            const r = role.get(p) ?? 'other';
            const t = countTokens([...lines.values()].join('\n'), q.model);
            if (roleOf(q) === 'writer') writerByRole[r] = (writerByRole[r] ?? 0) + t;
            if (r === 'migration' || r === 'data' || r === 'generated')
              largestNamedOnly = Math.max(largestNamedOnly, t);
          }
          // a writer is told which excerpt is a test's, an example's, a migration's… never the product's
          if (roleOf(q) === 'writer')
            for (const m of q.prompt.matchAll(/^FILE (\S+) \((.*)\)$/gm))
              if (!['product', 'other', undefined].includes(role.get(m[1]!)) && !m[2]!.includes('; '))
                unlabelled.push(m[1]!);
        }
        const figures = {
          name,
          mainPath: `${shown.length}/${sheet.main_path?.names.length ?? 0} (min ${sheet.main_path?.min ?? 0})`,
          centralTypes: `${typesShown.length}/${types.length}`,
          extensionPoints: `${pointsShown.length}/${points.length}`,
          largestFileTokens: largest,
          productShare: Math.round(share * 100),
          requests: requests.length,
          inputTokens: tokens,
          reviewerShare: Math.round((reviewed / tokens) * 1000) / 10,
          writerExcerptsByRole: writerByRole,
          largestNamedOnly,
          wallAt2s: Math.ceil(requests.length / ai.maxConcurrency) * 2,
          seconds: Math.round((performance.now() - started) / 100) / 10,
        };
        if (process.env.ATR_PROMPT_FIGURES) console.log(JSON.stringify(figures));
        if (sheet.main_path)
          expect(shown.length, `shown: ${shown.join(', ')}`).toBeGreaterThanOrEqual(sheet.main_path.min);
        expect(typesShown, 'the central types shown to the architecture or components writers').toEqual(
          types.map((d) => d.name),
        );
        expect(pointsShown, 'the extension points shown to a writer').toEqual(points.map((d) => d.name));
        expect(largest).toBeLessThanOrEqual(FILE_CAP_TOKENS);
        expect(share).toBeGreaterThanOrEqual(0.7);
        // (c) the review on a small context
        expect(reviewed / tokens).toBeLessThanOrEqual(0.15);
        // a migration, a data table or a generated file is at most the window of a cited line
        expect(largestNamedOnly).toBeLessThanOrEqual(SNIPPET_TOKENS / 2);
        expect([...new Set(unlabelled)]).toEqual([]);
        // the run within its budget
        expect(session.usage.inputTokens + session.usage.outputTokens).toBeLessThanOrEqual(
          ai.maxTokensPerReport,
        );
      } finally {
        await server.close();
      }
    },
    120_000,
  );
});
