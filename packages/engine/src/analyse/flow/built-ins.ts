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
      out.push({
        name,
        path: m.path,
        line: i,
        ...(hidden ? { hidden } : {}),
        ...(runs ? { runs } : {}),
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
