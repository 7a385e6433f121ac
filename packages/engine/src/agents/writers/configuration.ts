// Configuration: environment variables (with defaults and where they are read) and config files.

import { type WriterContext, wants } from './context.ts';
import { cite, code, joinSome, paragraphs, plural, table } from './markdown.ts';

export function writeConfiguration(ctx: WriterContext): string {
  const { a, fx } = ctx;
  const parts: string[] = [];
  const byName = new Map<string, typeof fx.codeEnvVars>();
  for (const e of fx.codeEnvVars) byName.set(e.name, [...(byName.get(e.name) ?? []), e]);
  if (!wants(ctx, 'env')) {
    // not this section's aspect
  } else if (byName.size) {
    const noDefault = [...byName.entries()].filter(([, es]) => es.every((e) => e.defaultValue === undefined)).map(([n]) => n);
    parts.push(`The code reads ${plural(byName.size, 'environment variable')} in ${plural(new Set(fx.codeEnvVars.map((e) => e.file)).size, 'file')}.${noDefault.length ? ` No default was found in the code for ${joinSome(noDefault.map(code), 5)}${noDefault.some((n) => fx.secretEnvVars.includes(n)) ? ' (defaults of sensitive variables are never recorded)' : ''}, so check that ${noDefault.length === 1 ? 'it is' : 'each is'} set in every environment.` : ' Every one has a default in the code.'}`);
    parts.push(
      table(['Variable', 'Default', 'Sensitive', 'Read at'], [...byName.entries()].sort((x, y) => x[0].localeCompare(y[0])).slice(0, 50).map(([n, es]) => {
        const sensitive = fx.secretEnvVars.includes(n);
        const def = es.find((e) => e.defaultValue !== undefined)?.defaultValue;
        return [code(n), def === undefined ? '—' : sensitive ? '(set, hidden)' : code(def), sensitive ? 'yes' : 'no', joinSome(es.slice(0, 3).map((e) => cite(e.file, e.line)), 3)];
      })),
    );
  } else parts.push(`No environment variables are read by the ${plural(fx.sourceFiles.length, 'source file')}; configuration, if any, lives in files or code.`);
  if (wants(ctx, 'files') && !a.config.files.length) parts.push(`No configuration files (such as .env.example, tsconfig.json or config/*.yaml) were found among the ${plural(a.project.files, 'file')}.`);
  if (wants(ctx, 'files') && a.config.files.length) {
    parts.push(`${plural(a.config.files.length, 'configuration file')} shape how the project builds and runs:`);
    parts.push(table(['File', 'Kind'], a.config.files.slice(0, 30).map((c) => [cite(c.path), c.kind])));
  }
  const example = a.files.find((f) => /(^|\/)\.env\.(example|sample|template)$/.test(f.path));
  if (wants(ctx, 'env') && byName.size) parts.push(example ? `${cite(example.path)} documents the expected variables for new developers.` : 'No `.env.example` file documents these variables; new developers must read the code to find them.');
  return paragraphs(...parts);
}
