// How a request handler of a server-rendered application answers: the views it renders and the
// redirects it sends, read from the strings it returns (Spring MVC's `return "owners/ownersList"`,
// `return "redirect:/owners/" + id`), and those its own helpers return for it.

import type { HandlerOutcome } from '../types.ts';
import type { FileModel } from './definitions.ts';

/** A returned view name or redirect: `return "owners/findOwners";`, `return "redirect:/owners/" + …`. */
const RETURNED = /^\s*return\s+"((?:redirect:|forward:)?[\w/{}.-]*)"/;
const RETURNS_CALL = /^\s*return\s+([A-Za-z_]\w*)\s*\(/;

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
        const target = literal[1]!;
        out.push(
          target.startsWith('redirect:')
            ? { kind: 'redirect', target: target.slice('redirect:'.length), line: i + 1 }
            : { kind: 'view', target: target.replace(/^forward:/, ''), line: i + 1 },
        );
        continue;
      }
      // a helper of the same type that returns the view for it (`return addPaginationModel(…)`)
      const call = depth === 0 ? RETURNS_CALL.exec(l) : null;
      const helper = call && file.defs.find((x) => x.name === call[1] && x.owner === def.owner && x !== def);
      if (helper) for (const o of own(helper, 1)) out.push({ ...o, line: i + 1, via: helper.name });
    }
    return out;
  };
  const found = own(def, 0);
  // one outcome is no choice worth telling
  return found.length >= 2 ? found : [];
}
