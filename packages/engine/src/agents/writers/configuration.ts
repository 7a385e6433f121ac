// Configuration: environment variables (with defaults and where they are read) and config files.

import type { WriterContext } from './context.ts';
import { cite, code, joinSome, paragraphs, plural, table } from './markdown.ts';

export function writeConfiguration({ a, fx }: WriterContext): string {
  const parts: string[] = [];
  const byName = new Map<string, typeof a.envVars>();
  for (const e of a.envVars) byName.set(e.name, [...(byName.get(e.name) ?? []), e]);
  if (byName.size) {
    const noDefault = [...byName.entries()].filter(([, es]) => es.every((e) => e.defaultValue === undefined)).map(([n]) => n);
    parts.push(`The code reads ${plural(byName.size, 'environment variable')} in ${plural(new Set(a.envVars.map((e) => e.file)).size, 'file')}.${noDefault.length ? ` ${joinSome(noDefault.map(code), 5)} ${noDefault.length === 1 ? 'has' : 'have'} no default in the code and must be set.` : ' Every one has a default in the code.'}`);
    parts.push(
      table(['Variable', 'Default', 'Sensitive', 'Read at'], [...byName.entries()].sort((x, y) => x[0].localeCompare(y[0])).slice(0, 50).map(([n, es]) => {
        const sensitive = fx.secretEnvVars.includes(n);
        const def = es.find((e) => e.defaultValue !== undefined)?.defaultValue;
        return [code(n), def === undefined ? '—' : sensitive ? '(set, hidden)' : code(def), sensitive ? 'yes' : 'no', joinSome(es.slice(0, 3).map((e) => cite(e.file, e.line)), 3)];
      })),
    );
  } else parts.push(`No environment variables are read by the ${plural(fx.sourceFiles.length, 'source file')}; configuration, if any, lives in files or code.`);
  if (a.config.files.length) {
    parts.push(`Configuration files:`);
    parts.push(table(['File', 'Kind'], a.config.files.slice(0, 30).map((c) => [cite(c.path), c.kind])));
  }
  const example = a.files.find((f) => /(^|\/)\.env\.(example|sample|template)$/.test(f.path));
  if (byName.size) parts.push(example ? `${cite(example.path)} documents the expected variables for new developers.` : 'No `.env.example` file documents these variables; new developers must read the code to find them.');
  return paragraphs(...parts);
}
