// Which settings each step of the main path reads from the value every stage is handed (fd's
// resolved `Config`, taken by the walker, the output and the exec jobs): that the walker is set up
// from `config.read_vcsignore` and the senders from `config.min_depth` is how the value is the hub.

import type { Flow, MainPathStep } from '../types.ts';
import type { FileModel } from './definitions.ts';

/** Fewer fields than this, and a step only passes the value on: nothing is said of it. */
const MIN_FIELDS = 2;

/** A value whose fields are read at least this many times for each write holds settings. */
const SETTINGS_RATIO = 5;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The names the product gives the hub type's values: its parameters and fields typed with it
 * (`config: &Config`, `cfg *Config`, `self.config = config` is not read: only what is declared).
 */
function valueNames(models: FileModel[], type: string): Set<string> {
  const t = escape(type);
  // `name: &Config`, `name: Config`, `name: &'a Config` (Rust, TypeScript, Python annotations)
  const annotated = new RegExp(
    String.raw`\b([a-z_]\w*)\s*:\s*(?:&\s*)?(?:'\w+\s+)?(?:mut\s+)?${t}\b(?!\s*::)`,
    'g',
  );
  // `name *Config`, `name Config` (Go parameters and fields)
  const goTyped = new RegExp(String.raw`[(,]\s*([a-z_]\w*)\s+\*?${t}\b`, 'g');
  const names = new Set<string>();
  for (const m of models) {
    if (!m.words.has(type)) continue;
    for (const line of m.bare) {
      if (!line.includes(type)) continue;
      for (const x of line.matchAll(annotated)) names.add(x[1]!);
      if (m.language === 'Go') for (const x of line.matchAll(goTyped)) names.add(x[1]!);
    }
  }
  // a one-letter name or a keyword reads too much as something else
  for (const n of names) if (n.length < 3 || n === 'self' || n === 'this') names.delete(n);
  return names;
}

/**
 * Marks each product step of the main path with the fields it reads of a type handed to four or more
 * files (`takenBy`): `config.min_depth`, `self.config.threads`. A method call on the value or an
 * assignment to a field is not a read; each field once, in the order the step reads them.
 */
export function markSettingsReads(
  mainPath: MainPathStep[],
  central: Flow['abstractions'],
  models: FileModel[],
): void {
  const hub = central.find((t) => (t.takenBy?.length ?? 0) > 0);
  if (!hub) return;
  const names = valueNames(models, hub.name);
  if (!names.size) return;
  const alt = [...names].map(escape).join('|');
  // not a call (`config.is_printing()`), a macro, nor an assignment (`response.status_code = …`); the
  // dot may open the next line, where a formatter broke a long chain (`config\n    .ignore_contain`)
  const read = new RegExp(
    String.raw`\b(?:${alt})\s*\.\s*([A-Za-z_]\w*)\b(?!\s*(?:[(!]|[-+*/|&]?=(?!=)))`,
    'g',
  );
  // settings are read, not written: a value the product fills in as it goes (a response, a stored
  // record) is no configuration the stages work from
  // a field assigned, an item of it assigned, or a collection field changed in place: the value is
  // being filled in (`ctx.params[name] = value`, `ctx.args = args`, `ctx.params.update(…)`)
  const write = new RegExp(
    String.raw`\b(?:${alt})\.[A-Za-z_]\w*(?:\[[^\]\n]*\])?\s*(?:[-+*/|&]?=(?!=)|\.(?:append|extend|update|insert|setdefault|push|add|remove|pop|clear)\()`,
    'g',
  );
  let reads = 0;
  let writes = 0;
  for (const m of models)
    for (const line of m.bare) {
      reads += [...line.matchAll(read)].length;
      writes += [...line.matchAll(write)].length;
    }
  if (writes * SETTINGS_RATIO > reads) return;
  const byPath = new Map(models.map((m) => [m.path, m]));
  for (const step of mainPath) {
    if (step.external || step.handedIn) continue;
    const file = byPath.get(step.path);
    const def = file?.defs.find((d) => d.line === step.line && d.kind !== 'type');
    if (!file || !def) continue;
    const body = file.bare.slice(def.line - 1, def.end).join('\n');
    // a step that fills the value in is not working from it
    if (body.match(write)) continue;
    const fields: string[] = [];
    for (const x of body.matchAll(read)) if (!fields.includes(x[1]!)) fields.push(x[1]!);
    if (fields.length >= MIN_FIELDS) step.reads = { type: hub.name, fields };
  }
}
