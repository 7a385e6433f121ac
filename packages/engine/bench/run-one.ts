// Runs the whole offline pipeline once on a folder, in its own process so its peak RSS is its own,
// and prints one JSON line with the step timings, analysis pass timings, lines and peak RSS.

import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateReport } from '../src/pipeline.ts';
import { parseTemplate } from '../src/template/parse.ts';

const [source, templatePath] = process.argv.slice(2);
if (!source || !templatePath) throw new Error('usage: run-one.ts <folder|file.zip> <template.yaml>');
const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
try {
  const template = parseTemplate(await fs.readFile(templatePath, 'utf8'));
  const t0 = performance.now();
  const isZip = source.endsWith('.zip');
  const result = await generateReport(
    {
      projectName: path.basename(source),
      source: isZip ? { kind: 'zip', path: source } : { kind: 'directory', path: source },
      template,
    },
    { workDir, now: () => new Date(), onProgress: () => {} },
    { pdfEngine: 'js' },
  );
  const totalMs = performance.now() - t0;
  const lines = result.analysis.project.lines;
  // cloc is given exactly the files the analysis counted, so the comparison is like for like.
  const listFile = path.join(os.tmpdir(), `atr-bench-files-${process.pid}.txt`);
  await fs.writeFile(
    listFile,
    isZip ? '' : result.analysis.files.map((f) => path.join(source, f.path)).join('\n'),
  );
  console.log(
    JSON.stringify({
      totalMs,
      steps: result.timings,
      passes: result.analysis.timings,
      files: result.analysis.files.length,
      lines: lines.code + lines.comment + lines.blank,
      code: lines.code,
      pages: result.pageCount,
      maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      listFile,
    }),
  );
} finally {
  await fs.rm(workDir, { recursive: true, force: true });
}
