// Performance: the largest files, heavy runtime dependencies, and async/concurrency patterns in the code.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { factsOf } from '../facts.ts';
import type { WriterContext } from '../writers/context.ts';
import {
  cite,
  code,
  joinSome,
  num,
  paragraphs,
  plural,
  ref,
  sentence,
  table,
  text,
} from '../writers/markdown.ts';
import { defineSection, finding as f } from './define.ts';

export const performance = defineSection({
  kind: 'performance',
  keywords: [
    'performance',
    'scalability',
    'optimisation',
    'optimization',
    'efficiency',
    'hot spots',
    'hotspots',
    'latency',
    'throughput',
    'load',
    'resource usage',
    'concurrency',
  ],
  evidence: ['files (largest)', 'dependencies (heavy)', 'symbols', 'moduleGraph'],
  analyst(a) {
    const fx = factsOf(a);
    const out = fx.largestFiles
      .slice(0, 3)
      .map((x) =>
        f(`${text(x.path)} is among the largest source files (${num(x.code)} lines of code).`, [ref(x.path)]),
      );
    if (fx.heavyDeps.length)
      out.push(
        f(
          `Heavy runtime dependencies: ${joinSome(
            fx.heavyDeps.map((d) => text(d.name)),
            4,
          )}.`,
          fx.heavyDeps.slice(0, 3).map((d) => ref(d.manifest, d.line)),
        ),
      );
    return out;
  },
  writer: writePerformance,
});

const PATTERNS: { name: string; re: RegExp }[] = [
  { name: 'async/await', re: /\basync\s+(def|function|fn)?|\bawait\b/g },
  {
    name: 'parallel awaits (Promise.all / gather)',
    re: /Promise\.(all|allSettled|race)\(|asyncio\.gather\(/g,
  },
  { name: 'timers', re: /\bset(Timeout|Interval)\(|time\.sleep\(/g },
  { name: 'synchronous file I/O', re: /\b(readFileSync|writeFileSync|existsSync|readdirSync)\(/g },
  {
    name: 'threads / workers',
    re: /\bnew Worker\(|worker_threads|threading\.Thread|go func\(|tokio::spawn|ThreadPool/g,
  },
  { name: 'caching', re: /\b(lru|LRU|memoi[sz]e|cache)\b/g },
];
const MAX_BYTES = 256 * 1024;
const MAX_FILES = 400;

/** Counts pattern hits in the source files (bounded), so claims about async code are measured. */
async function scan(ctx: WriterContext) {
  const hits = PATTERNS.map((p) => ({ ...p, count: 0, files: [] as { path: string; line: number }[] }));
  const files = ctx.fx.sourceFiles.filter((f) => f.size <= MAX_BYTES).slice(0, MAX_FILES);
  for (const f of files) {
    let text: string;
    try {
      text = await readFile(path.join(ctx.workspace.root, f.path), 'utf8');
    } catch {
      continue;
    }
    for (const h of hits) {
      h.re.lastIndex = 0;
      let m: RegExpExecArray | null;
      let first: number | undefined;
      let n = 0;
      while ((m = h.re.exec(text))) {
        n++;
        first ??= m.index;
      }
      if (n) {
        h.count += n;
        h.files.push({ path: f.path, line: text.slice(0, first).split('\n').length });
      }
    }
  }
  return { hits: hits.filter((h) => h.count > 0), scanned: files.length };
}

export async function writePerformance(ctx: WriterContext): Promise<string> {
  const { a, fx } = ctx;
  const parts: string[] = [];
  const big = fx.largestFiles.slice(0, 8);
  if (big.length) {
    const why = 'The largest source files are where changes cost the most and where hot paths usually hide.';
    parts.push(`${why} ${cite(big[0]!.path)} leads with ${num(big[0]!.code)} lines of code.`);
    parts.push(
      table(
        ['File', 'Language', 'Lines of code', 'Symbols'],
        big.map((f) => [
          cite(f.path),
          f.language ? text(f.language) : '—',
          num(f.code),
          num(a.symbols.filter((s) => s.path === f.path).length),
        ]),
        ['l', 'l', 'r', 'r'],
      ),
    );
  }
  if (fx.heavyDeps.length)
    parts.push(
      `Heavy runtime dependencies that weigh on start-up time, memory or bundle size: ${joinSome(
        fx.heavyDeps.map((d) => `${code(d.name)} (${cite(d.manifest, d.line)})`),
        5,
      )}.`,
    );
  else if (a.dependencies.length)
    parts.push(
      sentence(
        `None of the ${plural(fx.runtimeDeps.length, 'runtime dependency', 'runtime dependencies')} is known to be heavy`,
        ' (such as moment, lodash, puppeteer or the full AWS SDK)',
      ),
    );
  const { hits, scanned } = await scan(ctx);
  if (hits.length) {
    parts.push(`A scan of ${plural(scanned, 'source file')} for concurrency and I/O patterns found:`);
    parts.push(
      table(
        ['Pattern', 'Occurrences', 'Files', 'First seen'],
        hits.map((h) => [
          h.name,
          num(h.count),
          num(h.files.length),
          cite(h.files[0]!.path, h.files[0]!.line),
        ]),
        ['l', 'r', 'r', 'l'],
      ),
    );
    const sync = hits.find((h) => h.name.startsWith('synchronous'));
    if (sync)
      parts.push(
        `Synchronous file I/O in ${plural(sync.files.length, 'file')} (${joinSome(
          sync.files.map((f) => cite(f.path, f.line)),
          3,
        )}) blocks the event loop if it runs while serving requests.`,
      );
  } else if (scanned)
    parts.push(
      sentence(
        `A scan of ${plural(scanned, 'source file')} found no async, threading, timer or caching patterns`,
        ': the code runs sequentially',
      ),
    );
  if (fx.fanIn[0])
    parts.push(
      sentence(
        `${code(fx.fanIn[0].module)} is imported most (${plural(fx.fanIn[0].weight, 'time')})`,
        '; it loads on almost every path, so its start-up cost matters',
      ),
    );
  return paragraphs(...parts);
}
