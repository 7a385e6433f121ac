// Registration through a package's own functions rather than a type's methods: an exported Go
// function that appends the functions its caller hands it to a package-level list (`OnInitialize(y
// ...func())` → `initializers = append(initializers, y...)`), the function that goes through that list,
// and where the main path calls it, before which of its own steps. Read from the code, never from names.

import type { ExtensionPoint, MainPathStep, PackageTable } from '../types.ts';
import { parametersOf } from './extensions.ts';
import type { FileModel } from './definitions.ts';

const MAX = 2;

/** Package-level variables holding a list of functions: `var initializers []func()`. */
function functionLists(models: FileModel[]): Map<string, { path: string; line: number; type: string }> {
  const out = new Map<string, { path: string; line: number; type: string }>();
  for (const f of models) {
    let block = false;
    f.bare.forEach((line, i) => {
      if (/^var\s*\(\s*$/.test(line)) block = true;
      else if (block && /^\)/.test(line)) block = false;
      const m = (block ? /^\s+(\w+)\s+\[\](func\s*\([^\n]*)$/ : /^var\s+(\w+)\s+\[\](func\s*\([^\n]*)$/).exec(
        line,
      );
      if (m && !out.has(m[1]!)) out.set(m[1]!, { path: f.path, line: i + 1, type: m[2]!.trim() });
    });
  }
  return out;
}

export function packageRegistrations(models: FileModel[], mainPath: MainPathStep[]): ExtensionPoint[] {
  const goModels = models.filter((m) => m.language === 'Go');
  const lists = functionLists(goModels);
  if (!lists.size) return [];
  const out: ExtensionPoint[] = [];
  for (const f of goModels)
    for (const d of f.defs) {
      if (d.owner || d.kind !== 'function' || !/^[A-Z]/.test(d.name)) continue;
      const params = parametersOf(f, d);
      for (let i = d.line; i < d.end && i < f.bare.length; i++) {
        const m = /^\s*(\w+)\s*=\s*append\(\s*(\w+)\s*,\s*(\w+)(\.\.\.)?\s*\)/.exec(f.bare[i]!);
        const list = m && m[1] === m[2] ? lists.get(m[1]!) : undefined;
        const param = m && params.find((p) => p.name === m[3]);
        if (!list || !param) continue;
        const runs = userOf(goModels, m![1]!, mainPath);
        if (!runs) continue;
        out.push({
          name: d.name,
          path: f.path,
          line: d.line,
          value: param.name,
          ...(m![4] ? { many: true } : {}),
          store: m![1]!,
          storePath: list.path,
          storeLine: list.line,
          how: 'appends',
          contract: { type: list.type },
          runs,
        });
        break;
      }
    }
  return out.slice(0, MAX);
}

/** The function that goes through the list, and the main path's step that calls it, before which of its next steps. */
function userOf(
  models: FileModel[],
  list: string,
  mainPath: MainPathStep[],
): ExtensionPoint['runs'] | undefined {
  for (const f of models)
    for (let i = 0; i < f.bare.length; i++) {
      if (!new RegExp(`\\brange\\s+${list}\\b`).test(f.bare[i]!)) continue;
      const def = f.defs.filter((d) => d.kind !== 'type' && d.line <= i + 1 && i + 1 <= d.end).pop();
      if (!def) continue;
      const onPath = mainPath.some((s) => !s.external && s.path === f.path && s.line === def.line);
      const runs: ExtensionPoint['runs'] = {
        name: def.name,
        ...(def.owner ? { owner: def.owner } : {}),
        path: f.path,
        line: i + 1,
        how: 'iterates',
        onPath,
      };
      const within = callerOnPath(models, def.name, mainPath);
      return within ? { ...runs, within } : runs;
    }
  return undefined;
}

/** The main path's step whose body calls `name`, the line of the call, and the path's next step it calls after it. */
function callerOnPath(
  models: FileModel[],
  name: string,
  mainPath: MainPathStep[],
): NonNullable<ExtensionPoint['runs']['within']> | undefined {
  const own = mainPath.filter((s) => !s.external);
  for (const s of own) {
    const f = models.find((m) => m.path === s.path);
    const def = f?.defs.find((d) => d.line === s.line && d.kind !== 'type');
    if (!f || !def) continue;
    const call = new RegExp(`(?:^|[^\\w.]|\\.)${name}\\s*\\(`);
    for (let i = def.line; i < def.end && i < f.bare.length; i++) {
      if (!call.test(f.bare[i]!)) continue;
      // a deferred call runs as the step returns, after everything below it
      if (/^\s*defer\b/.test(f.bare[i]!))
        return {
          name: s.name,
          ...(s.owner ? { owner: s.owner } : {}),
          path: f.path,
          line: i + 1,
          deferred: true,
        };
      // the first of the path's other steps this body calls further down
      const later = own.filter((o) => o !== s && o.name !== name);
      let before: { name: string; owner?: string } | undefined;
      for (let j = i + 1; j < def.end && j < f.bare.length && !before; j++) {
        const next = later.find((o) => new RegExp(`\\.${o.name}\\s*\\(`).test(f.bare[j]!));
        if (next) before = { name: next.name, ...(next.owner ? { owner: next.owner } : {}) };
      }
      return {
        name: s.name,
        ...(s.owner ? { owner: s.owner } : {}),
        path: f.path,
        line: i + 1,
        ...(before ? { before } : {}),
      };
    }
  }
  return undefined;
}

/** Package-level variables holding a map: `var methodMap = map[string]methodTyp{`, `var hooks map[string]Hook`. */
function packageMaps(models: FileModel[]): Map<string, { path: string; line: number }> {
  const out = new Map<string, { path: string; line: number }>();
  for (const f of models) {
    let block = false;
    f.bare.forEach((line, i) => {
      if (/^var\s*\(\s*$/.test(line)) block = true;
      else if (block && /^\)/.test(line)) block = false;
      const m = (block ? /^\s+(\w+)\s+(?:=\s*)?map\[/ : /^var\s+(\w+)\s+(?:=\s*)?map\[/).exec(line);
      if (m && !out.has(m[1]!)) out.set(m[1]!, { path: f.path, line: i + 1 });
    });
  }
  return out;
}

/**
 * Exported Go functions that store an entry under a key their caller hands them in a package-level
 * map (`methodMap[method] = mt`) which a step of the main path reads (`methodMap[rctx.RouteMethod]`):
 * how users extend what the product accepts without a method of its own type.
 */
export function packageTables(models: FileModel[], mainPath: MainPathStep[]): PackageTable[] {
  const goModels = models.filter((m) => m.language === 'Go');
  const maps = packageMaps(goModels);
  if (!maps.size) return [];
  const out: PackageTable[] = [];
  for (const f of goModels)
    for (const d of f.defs) {
      if (d.owner || d.kind !== 'function' || !/^[A-Z]/.test(d.name)) continue;
      const params = new Set(parametersOf(f, d).map((p) => p.name));
      for (let i = d.line; i < d.end && i < f.bare.length; i++) {
        const m = /^\s*(\w+)\[(\w+)\]\s*=(?!=)/.exec(f.bare[i]!);
        const table = m ? maps.get(m[1]!) : undefined;
        if (!m || !table || !params.has(m[2]!)) continue;
        const lookup = lookupOnPath(goModels, m[1]!, mainPath);
        if (!lookup) continue;
        out.push({
          name: d.name,
          path: f.path,
          line: d.line,
          key: m[2]!,
          table: m[1]!,
          tablePath: table.path,
          tableLine: table.line,
          lookup,
        });
        break;
      }
    }
  return out.slice(0, MAX);
}

/** The first main-path step of the product whose body reads the table (`table[…]` outside an assignment). */
function lookupOnPath(
  models: FileModel[],
  table: string,
  mainPath: MainPathStep[],
): PackageTable['lookup'] | undefined {
  const read = new RegExp(`(?<![\\w.])${table}\\[`);
  const write = new RegExp(`^\\s*${table}\\[[^\\]]*\\]\\s*=(?!=)`);
  for (const s of mainPath) {
    if (s.external) continue;
    const f = models.find((m) => m.path === s.path);
    const def = f?.defs.find((d) => d.line === s.line && d.kind !== 'type');
    if (!f || !def) continue;
    for (let i = def.line; i < def.end && i < f.bare.length; i++)
      if (read.test(f.bare[i]!) && !write.test(f.bare[i]!))
        return { name: s.name, ...(s.owner ? { owner: s.owner } : {}), path: f.path, line: i + 1 };
  }
  return undefined;
}
