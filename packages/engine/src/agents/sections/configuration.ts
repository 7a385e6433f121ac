// Configuration: environment variables (with defaults and where they are read) and config files.

import { factsOf } from '../facts.ts';
import { wants, type WriterContext } from '../writers/context.ts';
import {
  agree,
  cite,
  code,
  joinSome,
  paragraphs,
  plural,
  ref,
  sentence,
  table,
  text,
  unique,
  when,
} from '../writers/markdown.ts';
import type { Finding } from '../types.ts';
import { defineSection, finding as f } from './define.ts';

export const configuration = defineSection({
  kind: 'configuration',
  keywords: [
    'configuration',
    'config',
    'settings',
    'environment variables',
    'environment',
    'feature flags',
    'parameters',
    'secrets management',
  ],
  aspects: [
    ['environment', 'env'],
    ['env', 'env'],
    ['variables', 'env'],
    ['files', 'files'],
    ['config files', 'files'],
    ['configuration files', 'files'],
  ],
  evidence: ['envVars', 'config.files', 'containers'],
  analyst(a) {
    const envs = factsOf(a).codeEnvVars;
    const names = [...new Set(envs.map((e) => e.name))];
    const out: Finding[] = [];
    out.push(
      names.length
        ? f(
            `${plural(names.length, 'environment variable')} ${agree(names.length, 'is', 'are')} read: ${joinSome(names.map(text), 5)}.`,
            envs.slice(0, 4).map((e) => ref(e.file, e.line)),
            'env',
          )
        : f('No environment variables are read by the code.', [], 'env'),
    );
    if (a.config.files.length)
      out.push(
        f(
          `${plural(a.config.files.length, 'configuration file')} ${agree(a.config.files.length, 'is', 'are')} present, e.g. ${joinSome(
            a.config.files.map((c) => text(c.path)),
            3,
          )}.`,
          a.config.files.slice(0, 3).map((c) => ref(c.path)),
          'files',
        ),
      );
    else out.push(f('No configuration files were found.', [], 'files'));
    return out;
  },
  writer: writeConfiguration,
});

export function writeConfiguration(ctx: WriterContext): string {
  const { a, fx } = ctx;
  const parts: string[] = [];
  const byName = new Map<string, typeof fx.codeEnvVars>();
  for (const e of fx.codeEnvVars) byName.set(e.name, [...(byName.get(e.name) ?? []), e]);
  if (!wants(ctx, 'env')) {
    // not this section's aspect
  } else if (byName.size) {
    const noDefault = [...byName.entries()]
      .filter(([, es]) => es.every((e) => e.defaultValue === undefined))
      .map(([n]) => n);
    const files = unique(fx.codeEnvVars.map((e) => e.file)).length;
    const reads = `The code reads ${plural(byName.size, 'environment variable')} in ${plural(files, 'file')}.`;
    // a sensitive variable's default is never recorded, so "no default" may only mean "not shown"
    const hidden = noDefault.some((n) => fx.secretEnvVars.includes(n));
    const unset = sentence(
      `No default was found in the code for ${joinSome(noDefault.map(code), 5)}`,
      when(hidden, ' (defaults of sensitive variables are never recorded)'),
      `, so check that ${agree(noDefault.length, 'it is', 'each is')} set in every environment`,
    );
    const defaults = noDefault.length ? unset : 'Every one has a default in the code.';
    parts.push(`${reads} ${defaults}`);
    parts.push(
      table(
        ['Variable', 'Default', 'Sensitive', 'Read at'],
        [...byName.entries()]
          .sort((x, y) => x[0].localeCompare(y[0]))
          .slice(0, 50)
          .map(([n, es]) => {
            const sensitive = fx.secretEnvVars.includes(n);
            const def = es.find((e) => e.defaultValue !== undefined)?.defaultValue;
            return [
              code(n),
              def === undefined ? '—' : sensitive ? '(set, hidden)' : code(def),
              sensitive ? 'yes' : 'no',
              joinSome(
                es.slice(0, 3).map((e) => cite(e.file, e.line)),
                3,
              ),
            ];
          }),
      ),
    );
  } else
    parts.push(
      sentence(
        `No environment variables are read by the ${plural(fx.sourceFiles.length, 'source file')}`,
        '; configuration, if any, lives in files or code',
      ),
    );
  if (wants(ctx, 'files') && !a.config.files.length)
    parts.push(
      sentence(
        'No configuration files (such as .env.example, tsconfig.json or config/*.yaml) were found',
        ` among the ${plural(a.project.files, 'file')}`,
      ),
    );
  if (wants(ctx, 'files') && a.config.files.length) {
    parts.push(
      `${plural(a.config.files.length, 'configuration file')} shape how the project builds and runs:`,
    );
    parts.push(
      table(
        ['File', 'Kind'],
        a.config.files.slice(0, 30).map((c) => [cite(c.path), text(c.kind)]),
      ),
    );
  }
  const example = a.files.find((f) => /(^|\/)\.env\.(example|sample|template)$/.test(f.path));
  if (wants(ctx, 'env') && byName.size) parts.push(envDocs(ctx, [...byName.keys()], example?.path));
  return paragraphs(...parts);
}

/** Where the variables are documented (README table, docs page, .env.example), cited by line. */
function envDocs({ a }: WriterContext, names: string[], example: string | undefined): string {
  const mentions = (a.docs.envVarMentions ?? []).filter((m) => names.includes(m.name));
  const missing = names.filter((n) => !mentions.some((m) => m.name === n)).sort();
  const byFile = new Map<string, typeof mentions>();
  for (const m of mentions) byFile.set(m.file, [...(byFile.get(m.file) ?? []), m]);
  const files = [...byFile.entries()].sort((x, y) => y[1].length - x[1].length);
  const where = joinSome(
    files.map(
      ([f, ms]) => `${cite(f, Math.min(...ms.map((m) => m.line)))} (${plural(ms.length, 'variable')})`,
    ),
    3,
  );
  const undocumented =
    'Neither the README, the docs nor a `.env.example` file names these variables; ' +
    'new developers must read the code to find them.';
  if (!mentions.length)
    return example ? `${cite(example)} documents the expected variables for new developers.` : undocumented;
  if (!missing.length) return `Every one of the ${plural(names.length, 'variable')} is documented: ${where}.`;
  const documented = `${plural(mentions.length, 'variable')} of ${names.length} ${agree(mentions.length, 'is', 'are')}`;
  const codeOnly = `${joinSome(missing.map(code), 5)} ${agree(missing.length, 'is', 'are')} named only in the code`;
  return sentence(documented, ` documented in ${where}; `, codeOnly);
}
