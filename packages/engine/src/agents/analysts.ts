// The analysts: turn the deterministic analysis into findings per section kind, each a one-line
// statement with the `path:line` citations that back it (each kind's analyst lives in its section
// module); intros and the conclusion are built on these.

import { factsOf, lineCount } from './facts.ts';
import { sectionOf } from './sections/index.ts';
import type { AgentDeps, Finding, SectionKind } from './types.ts';

/** Offline analyst role: findings for one kind, with citations only to files that exist. */
export async function analyseKind(input: { kind: SectionKind }, deps: AgentDeps): Promise<Finding[]> {
  const a = deps.analysis;
  const fx = factsOf(a);
  return sectionOf(input.kind)
    .analyst(a)
    .map((x) => ({
      ...x,
      citations: x.citations.filter((c) => {
        const [p, l] = splitCitation(c);
        const file = fx.fileByPath.get(p);
        return file !== undefined && (l === undefined || l <= lineCount(file));
      }),
    }));
}

/** "src/a.ts:12" → ["src/a.ts", 12]; "src/a.ts" → ["src/a.ts", undefined]. */
export function splitCitation(c: string): [string, number | undefined] {
  const m = /^(.*?):(\d+)$/.exec(c);
  return m ? [m[1]!, Number(m[2])] : [c, undefined];
}
