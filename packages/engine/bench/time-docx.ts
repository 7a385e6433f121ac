// Times the DOCX writer alone on a markdown file: `tsx bench/time-docx.ts doc.md` prints seconds.

import { readFile } from 'node:fs/promises';
import { treeForMarkdown } from '../src/cli.ts';
import { writeDocx } from '../src/writers/docx/index.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: time-docx.ts <doc.md>');
const tree = treeForMarkdown(await readFile(file, 'utf8'), 'Benchmark', new Date());
const t0 = performance.now();
const c0 = process.cpuUsage();
const bytes = await writeDocx(tree);
console.log(
  JSON.stringify({
    blocks: tree.blocks.length,
    bytes: bytes.length,
    seconds: +((performance.now() - t0) / 1000).toFixed(2),
    cpuSeconds: +(Object.values(process.cpuUsage(c0)).reduce((a, b) => a + b, 0) / 1e6).toFixed(2),
  }),
);
