// The cost estimate on real code bases: the figure the upload form shows (from the archive's listing,
// before anything is uploaded) and the planner's (from the code it read) against the tokens the
// loopback model server counts with the model's own tokenizer, for every corpus repository, with the
// shipped generic template at the default budget.

import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingOf } from '../bench/listing.ts';
import { memoryCache } from '../src/llm/cache.ts';
import { parseAiConfig } from '../src/llm/config.ts';
import { estimateFromListing } from '../src/llm/estimate.ts';
import { inputTokensOf, realisticModel, startFakeModelServer } from '../src/llm/fake-model-server.ts';
import { countTokens } from '../src/llm/tokens.ts';
import { generateReport } from '../src/pipeline.ts';
import { parseTemplate } from '../src/template/parse.ts';
import { corpusDir, corpusNames, unpackCorpus } from './corpus-archives.ts';

const corpus = corpusDir();
const generic = parseTemplate(
  await fs.readFile(path.resolve(import.meta.dirname, '../templates/generic_template.yaml'), 'utf8'),
);
let work: string;
beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-corpus-estimate-'));
});
afterAll(async () => {
  if (work) await fs.rm(work, { recursive: true, force: true });
});

describe.runIf(corpus)('the estimate against the counted use, on the corpus', () => {
  it.each(corpus ? corpusNames(corpus) : [])(
    '%s: the upload form and the planner both within ±15%, never past the budget',
    async (name) => {
      const dir = await unpackCorpus(corpus!, name);
      let counted = 0;
      const server = await startFakeModelServer((req) => {
        const reply = realisticModel(req);
        counted += inputTokensOf(req) + ('text' in reply ? countTokens(reply.text, req.model) : 0);
        return reply;
      });
      try {
        const ai = parseAiConfig({
          provider: 'openai',
          model: 'gpt-4.1-mini',
          baseUrl: server.url,
          apiKey: 'k',
        });
        const upload = estimateFromListing(await listingOf(dir), generic, ai);
        const r = await generateReport(
          { projectName: name, source: { kind: 'directory', path: dir }, template: generic },
          {
            workDir: path.join(work, name),
            now: () => new Date('2026-03-02T10:00:00Z'),
            onProgress: () => {},
            ai,
            modelCache: memoryCache(),
          },
          { pdfEngine: 'js' },
        );
        const used = r.ai!.usage.inputTokens + r.ai!.usage.outputTokens;
        expect(used).toBe(counted);
        expect(used).toBeLessThanOrEqual(ai.maxTokensPerReport);
        const off = (estimate: number) => Math.abs(used - estimate) / estimate;
        expect(off(r.ai!.estimate!.totalTokens)).toBeLessThan(0.15);
        expect(off(upload.totalTokens)).toBeLessThan(0.15);
        // the form counts the files the analysis counts, but for what only their content tells (a
        // generated marker, a copy of another file, a library vendored under its own name, which its
        // release banner tells): an upper bound, within the same ±15 %
        const files = r.ai!.estimate!.reading!.files;
        expect(upload.reading!.files).toBeGreaterThanOrEqual(files - 2);
        expect(upload.reading!.files - files).toBeLessThanOrEqual(Math.max(2, 0.15 * files));
      } finally {
        await server.close();
      }
    },
    120_000,
  );
});
