// Values of the central type the product builds for itself: a CLI library's own `help` and
// `completion` commands, and a hidden command a generated shell script calls back into. Read from Go
// composite literals (`cmd := &Command{Use: "help", …}`), the form a Go library builds its own values in.

import type { Flow } from '../types.ts';
import type { FileModel } from './definitions.ts';

type BuiltIn = NonNullable<Flow['builtIns']>[number];

/** The line that closes the block a line opens, counting braces (strings are already emptied). */
function blockEnd(bare: string[], from: number): number {
  let depth = 0;
  for (let i = from; i <= bare.length; i++) {
    for (const ch of bare[i - 1]!) depth += ch === '{' ? 1 : ch === '}' ? -1 : 0;
    if (depth <= 0) return i;
  }
  return bare.length;
}

/** `const X = "__complete"` anywhere in the models: the string a constant stands for. */
function constantValue(models: FileModel[], name: string): string | undefined {
  const decl = new RegExp(`^\\s*(?:const\\s+)?${name}\\s*=\\s*"([^"]+)"`);
  for (const m of models)
    for (const l of m.lines) {
      const found = decl.exec(l);
      if (found) return found[1];
    }
  return undefined;
}

/**
 * The product's own values of `owner` (Go only), each with its name (the first word of `Use`), whether
 * it is hidden, the product method its `Run` hands the work to, and, for one named by a constant, the
 * functions that copy that constant into what they write (a shell script that calls the command back).
 */
export function builtInValues(models: FileModel[], owner: string): BuiltIn[] {
  const open = new RegExp(`(?::=|=)\\s*&${owner}\\{\\s*$`);
  const methods = new Map<string, number>();
  for (const m of models)
    for (const d of m.defs)
      if (d.owner === owner && d.kind !== 'type')
        methods.set(d.name, Math.max(methods.get(d.name) ?? 0, d.end - d.line));
  const out: BuiltIn[] = [];
  for (const m of models.filter((x) => x.language === 'Go')) {
    for (let i = 1; i <= m.bare.length; i++) {
      if (!open.test(m.bare[i - 1]!)) continue;
      const end = blockEnd(m.bare, i);
      const raw = m.lines.slice(i - 1, end);
      const use = raw
        .map((l) => /^\s*Use:\s*(?:"([^"\s]+)|fmt\.Sprintf\("[^"]*",\s*(\w+)\))/.exec(l))
        .find((x) => x);
      if (!use) continue;
      const constant = use[2];
      const name = use[1] ?? (constant ? constantValue(models, constant) : undefined);
      if (!name) continue;
      const hidden = raw.some((l) => /^\s*Hidden:\s*true\b/.test(l));
      // the biggest method of the type the `Run` function calls: where the command's work is done
      const runAt = raw.findIndex((l) => /^\s*RunE?:\s*func\b/.test(l));
      // a hidden value is reached only by a program (a shell script): what it runs is the point of it
      const runs = runAt < 0 || !hidden ? undefined : biggestCall(m, i + runAt, methods);
      const written = constant ? writersOf(models, constant) : [];
      const uses = runs ? userFunctions(models, owner, runs.name) : [];
      out.push({
        name,
        path: m.path,
        line: i,
        ...(hidden ? { hidden } : {}),
        ...(runs ? { runs: { ...runs, ...(uses.length ? { uses } : {}) } } : {}),
        ...(constant && written.length ? { constant, written } : {}),
      });
    }
  }
  return out;
}

/** The biggest method of the type that the function opened at `line` calls: where its work is done. */
function biggestCall(
  m: FileModel,
  line: number,
  methods: Map<string, number>,
): { name: string; line: number } | undefined {
  const end = blockEnd(m.bare, line);
  return m.bare
    .slice(line - 1, end)
    .flatMap((l, k) => [...l.matchAll(/\.(\w+)\(/g)].map((c) => ({ name: c[1]!, line: line + k })))
    .filter((c) => methods.has(c.name))
    .sort((x, y) => methods.get(y.name)! - methods.get(x.name)! || x.line - y.line)[0];
}

/** Type names declared as function types: `type CompletionFunc = func(…)` or `type H func(…)`. */
function funcTypes(models: FileModel[]): Set<string> {
  const out = new Set<string>();
  for (const m of models)
    for (const l of m.bare) {
      const t = /^type\s+(\w+)\s+(?:=\s+)?func\(/.exec(l);
      if (t) out.add(t[1]!);
    }
  return out;
}

/**
 * The user's functions the method `name` of `owner` calls: a field of the type that holds a function
 * (`finalCmd.ValidArgsFunction`), or a package-level map of functions some function fills
 * (`flagCompletionFunctions[flag]`, filled by `RegisterFlagCompletionFunc`).
 */
function userFunctions(
  models: FileModel[],
  owner: string,
  name: string,
): NonNullable<NonNullable<BuiltIn['runs']>['uses']> {
  const fnTypes = funcTypes(models);
  const isFn = (t: string) => t.startsWith('func(') || fnTypes.has(t);
  const fields = new Set<string>();
  const maps = new Map<string, { name: string; path: string; line: number } | undefined>();
  for (const m of models) {
    for (const d of m.defs.filter((x) => x.kind === 'type' && x.name === owner))
      for (const l of m.bare.slice(d.line, blockEnd(m.bare, d.line))) {
        const f = /^\s*(\w+)\s+(\S+)/.exec(l);
        if (f && isFn(f[2]!)) fields.add(f[1]!);
      }
    for (const l of m.bare) {
      const v = /^(?:var\s+)?(\w+)\s*=\s*map\[[^\]]+\](\w+)\{/.exec(l);
      if (v && isFn(v[2]!)) maps.set(v[1]!, undefined);
    }
  }
  // who fills each map: the function that stores into it
  for (const m of models)
    for (const d of m.defs.filter((x) => x.kind !== 'type'))
      for (const [map, filler] of maps)
        if (!filler) {
          const at = m.bare
            .slice(d.line - 1, d.end)
            .findIndex((l) => new RegExp(`\\b${map}\\[[^\\]]+\\]\\s*=[^=]`).test(l));
          if (at >= 0) maps.set(map, { name: d.name, path: m.path, line: d.line + at });
        }
  const method = models
    .flatMap((m) => m.defs.filter((d) => d.owner === owner && d.name === name).map((d) => ({ m, d })))
    .sort((x, y) => y.d.end - y.d.line - (x.d.end - x.d.line))[0];
  if (!method) return [];
  const out: NonNullable<NonNullable<BuiltIn['runs']>['uses']> = [];
  const body = method.m.bare.slice(method.d.line - 1, method.d.end);
  // read on a variable (`finalCmd.ValidArgsFunction`), not on a call's result (`Flags().Args()`)
  for (const f of fields) {
    const at = body.findIndex((l) => new RegExp(`\\b\\w+\\.${f}\\b(?!\\s*=[^=])`).test(l));
    if (at >= 0) out.push({ name: f, path: method.m.path, line: method.d.line + at });
  }
  for (const [map, filler] of maps) {
    const at = body.findIndex((l) => new RegExp(`\\b${map}\\[`).test(l));
    if (at >= 0 && filler)
      out.push({ name: map, path: method.m.path, line: method.d.line + at, filledBy: filler });
  }
  return out;
}

/** The functions that copy a constant into a value of their own (`compCmd := ShellCompRequestCmd`). */
function writersOf(models: FileModel[], constant: string): { name: string; path: string; line: number }[] {
  const copied = new RegExp(`(?::=|[^=!<>:]=)\\s*${constant}\\s*$`);
  const out: { name: string; path: string; line: number }[] = [];
  for (const m of models)
    for (const d of m.defs.filter((x) => x.kind !== 'type')) {
      const at = m.bare.slice(d.line - 1, d.end).findIndex((l) => copied.test(l));
      if (at >= 0) out.push({ name: d.name, path: m.path, line: d.line + at });
    }
  return out.sort((x, y) => x.name.localeCompare(y.name));
}
