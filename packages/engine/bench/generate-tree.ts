// Generates a deterministic multi-language code base of about `targetLines` lines for the benchmark:
// TypeScript, Python, Go, Java, SQL, CSS and Markdown, with manifests, imports, routes and tests.

import { promises as fs } from 'node:fs';
import path from 'node:path';

function ts(mod: number, file: number, fns: number): string {
  const lines = [
    `// Module ${mod}, file ${file}: order handling helpers.`,
    `import { Router } from 'express';`,
    `import { helper${(file + 1) % 10} } from '../mod${(mod + 1) % 20}/file${(file + 1) % 10}.ts';`,
    '',
  ];
  lines.push(`export const router${file} = Router();`, '');
  for (let f = 0; f < fns; f++) {
    lines.push(
      `/**`,
      ` * Computes the total of order ${f} including tax.`,
      ` */`,
      `export function helper${file}_${f}(items: { price: number; qty: number }[], rate = 0.${(f % 9) + 1}): number {`,
      `  let total = 0;`,
      `  for (const item of items) {`,
      `    total += item.price * item.qty; // line total`,
      `  }`,
      `  if (total > ${1000 + f}) {`,
      `    // TODO: move the discount rule to configuration`,
      `    total = total * 0.95;`,
      `  }`,
      `  return Math.round(total * (1 + rate) * 100) / 100;`,
      `}`,
      '',
    );
  }
  lines.push(
    `router${file}.get('/mod${mod}/orders/${file}', (_req, res) => res.json({ total: helper${file}_0([]) }));`,
    `export const helper${file} = helper${file}_0;`,
    '',
  );
  return lines.join('\n');
}

function py(mod: number, file: number, fns: number): string {
  const lines = [
    `"""Module ${mod}, file ${file}: reporting jobs."""`,
    'import os',
    'from dataclasses import dataclass',
    '',
    '',
    '@dataclass',
    `class Report${file}:`,
    '    name: str',
    '    rows: int = 0',
    '',
  ];
  for (let f = 0; f < fns; f++) {
    lines.push(
      '',
      `def summarise_${f}(values, threshold=${f}):`,
      `    """Return the values above the threshold and their mean."""`,
      '    kept = [v for v in values if v > threshold]',
      '    # an empty list has no mean',
      '    if not kept:',
      '        return [], 0.0',
      `    return kept, sum(kept) / len(kept)`,
    );
  }
  lines.push('', '', `DATA_DIR = os.environ.get("DATA_DIR_${mod}", "/var/data")`, '');
  return lines.join('\n');
}

function go(mod: number, file: number, fns: number): string {
  const lines = [
    `// Package mod${mod} holds the storage adapters.`,
    `package mod${mod}`,
    '',
    'import (',
    '\t"fmt"',
    '\t"strings"',
    ')',
    '',
  ];
  for (let f = 0; f < fns; f++) {
    lines.push(
      `// Key${file}x${f} builds the storage key for a record.`,
      `func Key${file}x${f}(parts ...string) string {`,
      '\tif len(parts) == 0 {',
      '\t\treturn ""',
      '\t}',
      `\treturn fmt.Sprintf("%s:%d", strings.Join(parts, "/"), ${f})`,
      '}',
      '',
    );
  }
  return lines.join('\n');
}

function java(mod: number, file: number, fns: number): string {
  const lines = [
    `package com.example.mod${mod};`,
    '',
    'import java.util.List;',
    '',
    `/** Service ${file} of module ${mod}. */`,
    `public class Service${file} {`,
  ];
  for (let f = 0; f < fns; f++) {
    lines.push(
      '',
      `    /* Sums the list, ignoring nulls. */`,
      `    public int sum${f}(List<Integer> values) {`,
      '        int total = 0;',
      '        for (Integer v : values) {',
      '            if (v != null) total += v;',
      '        }',
      `        return total + ${f};`,
      '    }',
    );
  }
  lines.push('}', '');
  return lines.join('\n');
}

const count = (text: string) => text.split('\n').length;

/** Writes the tree under `root` and returns the number of lines written. */
export async function generateTree(root: string, targetLines = 100_000): Promise<number> {
  await fs.rm(root, { recursive: true, force: true });
  let total = 0;
  const write = async (rel: string, text: string) => {
    await fs.mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await fs.writeFile(path.join(root, rel), text);
    total += count(text);
  };
  await write(
    'package.json',
    JSON.stringify(
      {
        name: 'bench-shop',
        version: '1.0.0',
        scripts: { build: 'tsc', test: 'vitest run' },
        dependencies: { express: '4.19.2', zod: '3.23.8' },
        devDependencies: { typescript: '5.4.3', vitest: '1.4.0' },
      },
      null,
      2,
    ),
  );
  await write('requirements.txt', 'flask==3.0.2\nrequests==2.31.0\n');
  await write('go.mod', 'module example.com/bench\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.9.1\n');
  await write(
    'README.md',
    '# Bench shop\n\nA generated multi-language code base used to benchmark the report engine.\n\n## Build\n\n```sh\nnpm run build\n```\n',
  );
  await write(
    'Dockerfile',
    'FROM node:20-alpine\nWORKDIR /app\nCOPY . .\nRUN npm ci\nEXPOSE 8080\nCMD ["node", "dist/server.js"]\n',
  );
  const share = { ts: 0.4, py: 0.25, go: 0.15, java: 0.12, other: 0.08 };
  const budget = (k: keyof typeof share) => targetLines * share[k];
  let mod = 0;
  for (let n = 0; n < budget('ts'); mod++) {
    for (let file = 0; file < 10 && n < budget('ts'); file++) {
      const text = ts(mod % 20, file, 12);
      await write(`web/src/mod${mod % 20}/file${file}${mod >= 20 ? `-${mod}` : ''}.ts`, text);
      n += count(text);
    }
  }
  for (let m = 0, n = 0; n < budget('py'); m++) {
    const text = py(m % 15, m, 25);
    await write(`jobs/pkg${m % 15}/report_${m}.py`, text);
    n += count(text);
  }
  for (let m = 0, n = 0; n < budget('go'); m++) {
    const text = go(m % 10, m, 30);
    await write(`store/mod${m % 10}/key_${m}.go`, text);
    n += count(text);
  }
  for (let m = 0, n = 0; n < budget('java'); m++) {
    const text = java(m % 8, m, 25);
    await write(`billing/src/main/java/com/example/mod${m % 8}/Service${m}.java`, text);
    n += count(text);
  }
  for (let m = 0, n = 0; n < budget('other'); m++) {
    const css = Array.from(
      { length: 40 },
      (_, i) => `.card-${m}-${i} {\n  /* card ${i} */\n  padding: ${i}px;\n  color: #333;\n}\n`,
    ).join('\n');
    const sql = Array.from(
      { length: 20 },
      (_, i) =>
        `-- table ${i}\nCREATE TABLE t${m}_${i} (\n  id SERIAL PRIMARY KEY,\n  name TEXT NOT NULL\n);\n`,
    ).join('\n');
    await write(`web/styles/theme${m}.css`, css);
    await write(`db/migrations/${String(m).padStart(4, '0')}_init.sql`, sql);
    n += count(css) + count(sql);
  }
  return total;
}
