// How a request handler of a server-rendered application answers: the views it renders and the
// redirects it sends, read from the strings it returns (Spring MVC's `return "owners/ownersList"`,
// `return "redirect:/owners/" + id`), and those its own helpers return for it.

import type { HandlerOutcome } from '../types.ts';
import type { FileModel } from './definitions.ts';

/** A returned view name or redirect: `return "owners/findOwners";`, `return "redirect:/owners/" + …`. */
const RETURNED = /^\s*return\s+"((?:redirect:|forward:)?[\w/{}.-]*)"/;
const RETURNS_CALL = /^\s*return\s+([A-Za-z_]\w*)\s*\(/;

/** What a returned string has appended to it: `+ owner.getId()`. */
const APPENDED = /^\s*\+\s*([\w.]+(?:\(\))?(?:\.[\w]+(?:\(\))?)*)\s*;/;

/** The name a placeholder takes from what is appended: `owner.getId()` is `id`, `ownerId` stays. */
function placeholder(expression: string): string {
  const last = expression.replace(/\(\)/g, '').split('.').at(-1)!;
  const bare = last.replace(/^(?:get|is)(?=[A-Z])/, '');
  return bare.charAt(0).toLowerCase() + bare.slice(1);
}

/**
 * The condition of the `if` whose block holds line `at` (0-based), read upwards to the first line
 * indented less than it: `if (ownersResults.isEmpty()) {` gives `ownersResults.isEmpty()`. A return
 * at the level of the body has none.
 */
function conditionOf(lines: string[], at: number, start: number): string | undefined {
  const indent = (l: string) => /^\s*/.exec(l)![0].replace(/\t/g, '    ').length;
  const own = indent(lines[at]!);
  for (let i = at - 1; i >= start; i--) {
    const l = lines[i]!;
    if (!l.trim() || /^\s*\/[/*]/.test(l) || indent(l) >= own) continue;
    const m = /^\s*(?:\}\s*else\s+)?if\s*\((.{1,120})\)\s*\{\s*$/.exec(l);
    return m?.[1]!.trim();
  }
  return undefined;
}

/** The outcomes of the handler defined at `line` of `file`, in the order its body returns them. */
export function handlerOutcomes(file: FileModel, line: number): HandlerOutcome[] {
  if (!/^(?:Java|Kotlin)$/.test(file.language)) return [];
  const def = file.defs.find((d) => d.line === line && d.kind !== 'type');
  if (!def) return [];
  const own = (d: { line: number; end: number }, depth: number): HandlerOutcome[] => {
    const out: HandlerOutcome[] = [];
    for (let i = d.line; i < d.end && i < file.lines.length; i++) {
      const l = file.lines[i]!;
      const literal = RETURNED.exec(l);
      if (literal) {
        // `"redirect:/owners/" + owner.getId()`: the appended part is a placeholder named after it
        const appended = APPENDED.exec(l.slice(literal[0].length))?.[1];
        const target = `${literal[1]!}${appended ? `{${placeholder(appended)}}` : ''}`;
        const when = depth === 0 ? conditionOf(file.lines, i, d.line) : undefined;
        out.push({
          ...(target.startsWith('redirect:')
            ? { kind: 'redirect' as const, target: target.slice('redirect:'.length), line: i + 1 }
            : { kind: 'view' as const, target: target.replace(/^forward:/, ''), line: i + 1 }),
          ...(when ? { when } : {}),
        });
        continue;
      }
      // a helper of the same type that returns the view for it (`return addPaginationModel(…)`)
      const call = depth === 0 ? RETURNS_CALL.exec(l) : null;
      const helper = call && file.defs.find((x) => x.name === call[1] && x.owner === def.owner && x !== def);
      if (helper) {
        const when = conditionOf(file.lines, i, d.line);
        for (const o of own(helper, 1))
          out.push({ ...o, line: i + 1, via: helper.name, ...(when ? { when } : {}) });
      }
    }
    return out;
  };
  const found = own(def, 0);
  // one outcome is no choice worth telling
  return found.length >= 2 ? found : [];
}
