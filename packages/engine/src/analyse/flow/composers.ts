// Where a Go type builds more of itself for its users: a public method of a central type that makes a
// new value of that type (`&Mux{…}`, `NewRouter()`, or another such method) and returns it (`With`,
// `Group`, `Route` return a new router), perhaps after handing it to the caller's function, and the
// method that attaches the new value to its maker (`Mount`). Read from the bodies, never from names.

import type { Composer } from '../types.ts';
import { parametersOf } from './extensions.ts';
import type { FileModel } from './definitions.ts';

const MAX = 6;

/** The type after a Go signature's parameters: `func (mx *Mux) With(…) Router {` → Router. */
function resultOf(head: string): string | undefined {
  const name = /^func\s*(?:\([^()]*\)\s*)?\w+\s*(?:\[[^\]]*\]\s*)?\(/.exec(head);
  if (!name) return undefined;
  // past the parameter list, whose types may hold parentheses of their own (`func(Handler) Handler`)
  let depth = 1;
  let i = name[0].length;
  for (; i < head.length && depth; i++) depth += head[i] === '(' ? 1 : head[i] === ')' ? -1 : 0;
  return /^\s*(\*?[A-Za-z_][\w.]*)\s*\{/.exec(head.slice(i))?.[1];
}

/**
 * The composers of the central types: each public method of `central[i]` whose result is that type
 * (or another central type, the interface it is returned as) and whose body makes a new one.
 */
export function composers(models: FileModel[], central: string[]): Composer[] {
  const out: Composer[] = [];
  const goModels = models.filter((m) => m.language === 'Go');
  for (const type of central.slice(0, 3)) {
    // the package's functions that return a new value of the type: its constructors
    const makers = new Set<string>();
    for (const f of goModels)
      for (const d of f.defs)
        if (!d.owner && d.kind === 'function') {
          const r = resultOf(f.bare[d.line - 1] ?? '');
          if (r === `*${type}` || r === type) makers.add(d.name);
        }
    const methods = goModels.flatMap((f) =>
      f.defs
        .filter((d) => d.owner === type && d.kind === 'method' && /^[A-Z]/.test(d.name))
        .map((d) => ({ f, d, result: resultOf(f.bare[d.line - 1] ?? '') })),
    );
    const found = new Map<string, Composer>();
    // a method that builds through another composer is one too: repeat until nothing is added
    for (let changed = true; changed;) {
      changed = false;
      for (const { f, d, result } of methods) {
        if (found.has(d.name) || !result) continue;
        const bare = result.replace(/^\*/, '');
        if (bare !== type && !central.includes(bare)) continue;
        const recv = /^func\s*\(\s*(\w+)/.exec(f.bare[d.line - 1] ?? '')?.[1];
        const body = f.bare.slice(d.line, d.end).join('\n');
        const made = new RegExp(
          `(?:(\\w+)\\s*:?=\\s*)?(?:&${type}\\s*\\{|\\b(?:\\w+\\.)?(?:${[...makers].join('|') || '\\0'})\\s*\\(|\\b${recv}\\.(?:${[...found.keys()].join('|') || '\\0'})\\s*\\()`,
        ).exec(body);
        if (!made) continue;
        const variable = made[1];
        const c: Composer = { name: d.name, owner: type, path: f.path, line: d.line, returns: result };
        // the caller's function handed the new value (`fn(im)`)
        const fnParams = parametersOf(f, d).filter((p) => p.type?.startsWith('func('));
        const handed = variable
          ? fnParams.find((p) => new RegExp(`\\b${p.name}\\s*\\(\\s*${variable}\\s*\\)`).test(body))
          : undefined;
        if (handed) c.hands = handed.name;
        // the method of the same value that attaches the new one (`mx.Mount(pattern, subRouter)`)
        const attach = variable
          ? new RegExp(`\\b${recv}\\.([A-Z]\\w*)\\s*\\([^)\\n]*\\b${variable}\\b`).exec(body)
          : null;
        const target = attach && methods.find((x) => x.d.name === attach[1]);
        if (target) c.attaches = { name: target.d.name, path: target.f.path, line: target.d.line };
        found.set(d.name, c);
        changed = true;
      }
    }
    out.push(...[...found.values()].sort((x, y) => x.path.localeCompare(y.path) || x.line - y.line));
    if (out.length) break;
  }
  return out.slice(0, MAX);
}
