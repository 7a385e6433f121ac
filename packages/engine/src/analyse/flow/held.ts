// What a type on the main path keeps of a library for every unit of work: an object of a runtime
// dependency made in one of its methods and stored in a field (`self.poolmanager = PoolManager(…)`),
// with the constructor parameters that size it and the module constants they default to
// (`pool_maxsize: int = DEFAULT_POOLSIZE`, `DEFAULT_POOLSIZE = 10`). A connection pool, a client, a
// cache held across calls is how the library reuses work; read from the bodies, never from names.

import type { HeldObject } from '../types.ts';
import type { FileModel, Target } from './definitions.ts';

const CONSTRUCTORS = /^(?:__init__|constructor|init|new|initialize)$/;

/** `name: type = CONST` or `name=CONST` in a signature: the parameter's default constant. */
function constantDefaults(head: string): Map<string, string> {
  const out = new Map<string, string>();
  // an annotation runs to the `=` (`: int | None`): no spaces are matched on both sides of it
  for (const m of head.matchAll(/\b([a-z_]\w*)(?:\s*:[^=,()]*[^\s=,()])?\s*=\s*([A-Z][A-Z0-9_]+)\b/g))
    out.set(m[1]!, m[2]!);
  return out;
}

/** The text of a call from its line, to its closing parenthesis (at most 12 lines). */
function callText(lines: string[], from: number): string {
  let depth = 0;
  let out = '';
  for (let i = from; i < Math.min(lines.length, from + 12); i++) {
    const line = lines[i]!;
    out += `${line} `;
    for (const c of line) depth += c === '(' ? 1 : c === ')' ? -1 : 0;
    if (depth <= 0 && out.includes('(')) break;
  }
  return out;
}

/**
 * For each of `owners` (the types the main path runs through), the first library object one of its
 * methods makes and stores in a field, with the constructor's parameters that reach it and default
 * to a module constant of the same file.
 */
export function heldObjects(
  owners: string[],
  types: Map<string, Target[]>,
  dependency: (module: string) => boolean,
): HeldObject[] {
  const out: HeldObject[] = [];
  for (const owner of owners) {
    const t = types.get(owner)?.[0];
    if (!t) continue;
    const file: FileModel = t.file;
    const methods = file.defs.filter((d) => d.owner === owner && d.kind !== 'type');
    const ctor = methods.find((d) => CONSTRUCTORS.test(d.name));
    const candidates: HeldObject[] = [];
    for (const d of methods)
      for (let i = d.line; i < d.end && i < file.bare.length; i++) {
        const m = /^\s*(?:self|this)\.(\w+)\s*=\s*(?:new\s+)?([A-Z]\w*)\s*\(/.exec(file.bare[i]!);
        const module = m ? file.bindings.get(m[2]!) : undefined;
        if (!m || !module || !dependency(module)) continue;
        // the constructor's parameters with a constant default that it hands on to the maker (in
        // the call itself, or in the call of the method that makes it), and the constants' values
        const sizes: HeldObject['sizes'] = [];
        if (ctor) {
          const head = callText(file.bare, ctor.line - 1);
          const made = callText(file.bare, i);
          const passed =
            d === ctor
              ? made.slice(made.indexOf('('))
              : file.bare
                  .slice(ctor.line, ctor.end)
                  .map((l, k) =>
                    new RegExp(`\\.${d.name}\\s*\\(`).test(l) ? callText(file.bare, ctor.line + k) : '',
                  )
                  .join(' ');
          for (const [param, constant] of constantDefaults(head)) {
            if (!new RegExp(`\\b${param}\\b`).test(passed)) continue;
            const at = file.bare.findIndex((l) => new RegExp(`^${constant}\\s*(?::[^=]+)?=\\s*\\S`).test(l));
            const value = at >= 0 ? /=\s*([\w.]+)\s*$/.exec(file.lines[at]!)?.[1] : undefined;
            sizes.push({ param, constant, ...(value && at >= 0 ? { value, line: at + 1 } : {}) });
          }
        }
        candidates.push({
          owner,
          field: m[1]!,
          type: m[2]!,
          module,
          path: file.path,
          line: i + 1,
          ...(ctor ? { ctorLine: ctor.line } : {}),
          sizes,
        });
      }
    // the object the constructor's own settings size is what the type is built around (a pool sized
    // by `pool_maxsize`), not a helper value it makes on the side; one sized by nothing is not told
    const best = candidates.sort((x, y) => y.sizes.length - x.sizes.length)[0];
    if (best?.sizes.length) out.push(best);
  }
  return out;
}
