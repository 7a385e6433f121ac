// Where a subtype takes over a step of the main path. A library's unit of work is traced on its base
// type (`Command.invoke` runs the callback), but an exported subtype may replace a step with one that
// does more (a `Group.invoke` that resolves a subcommand and runs the path again for it): that is how
// nested work (subcommands, mounted sub-apps) reaches its code. Read from the bodies, never from names.

import type { MainPathStep, StepOverride } from '../types.ts';
import { callsIn, type Target } from './definitions.ts';
import { paramNames } from './main-path.ts';

const SELF = new Set(['this', 'self', 'Self', 'cls']);

/** A body that only raises or passes: an abstract method, no version of the step. */
function empty(t: Target): boolean {
  const body = t.file.bare
    .slice(t.def.line, t.def.end)
    .map((l) => l.trim())
    .filter(Boolean);
  return body.every((l) => /^(pass|\.\.\.|raise NotImplementedError\b.*|""|'')$/.test(l));
}

/** The methods a type defines or inherits from the product's types, by name. */
function methodsOf(
  type: string,
  types: Map<string, Target[]>,
  fns: Map<string, Target[]>,
  depth = 0,
): Set<string> {
  const out = new Set<string>();
  for (const [name, defs] of fns) if (defs.some((d) => d.def.owner === type)) out.add(name);
  if (depth < 4)
    for (const t of types.get(type) ?? [])
      for (const b of t.def.bases ?? []) for (const n of methodsOf(b, types, fns, depth + 1)) out.add(n);
  return out;
}

/**
 * Marks each step whose method an exported direct subtype overrides with a body that calls its own
 * type's methods the base lacks (`self.resolve_command(…)`) or runs steps of the path again on a value
 * it holds (`cmd.make_context(…)`, not on a parameter it was handed). An override that only adds a
 * check around `super()` changes nothing of the path and is left out.
 */
export function markOverrides(
  path: MainPathStep[],
  types: Map<string, Target[]>,
  fns: Map<string, Target[]>,
  exported: Set<string>,
): void {
  const stepNames = new Set(path.filter((s) => !s.external && s.owner).map((s) => s.name));
  for (const s of path) {
    if (s.external || !s.owner) continue;
    const base = s.owner;
    const candidates = (fns.get(s.name) ?? []).filter(
      (f) =>
        f.def.owner &&
        f.def.owner !== base &&
        exported.has(f.def.owner) &&
        (types.get(f.def.owner) ?? []).some((t) => t.def.bases?.includes(base)) &&
        !empty(f),
    );
    for (const f of candidates) {
      const inherited = methodsOf(base, types, fns);
      const params = paramNames(f);
      const own: StepOverride['own'] = [];
      const again: StepOverride['again'] = [];
      for (const c of callsIn(f.file.bare, f.def.line + 1, f.def.end, undefined, f.file.language)) {
        if (c.root && SELF.has(c.root) && c.qualifier === c.root && !inherited.has(c.name)) {
          const def = (fns.get(c.name) ?? []).find((d) => d.def.owner === f.def.owner);
          if (def && !own.some((o) => o.name === c.name))
            own.push({ name: c.name, line: c.line, defLine: def.def.line });
        } else if (
          c.root &&
          !SELF.has(c.root) &&
          c.root !== 'super' &&
          c.root !== '?' &&
          !params.has(c.root) &&
          stepNames.has(c.name) &&
          !again.some((a) => a.name === c.name)
        )
          again.push({ name: c.name, line: c.line });
      }
      if (!own.length && !again.length) continue;
      s.override = { owner: f.def.owner!, name: s.name, path: f.file.path, line: f.def.line, own, again };
      break;
    }
  }
}
