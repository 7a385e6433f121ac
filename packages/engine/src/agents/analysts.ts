// The analysts: turn the deterministic analysis into findings per section kind, each a one-line
// statement with the `path:line` citations that back it (each kind's analyst lives in its section
// module); intros and the conclusion are built on these.

import { fitsFile, splitCitation } from '../citations.ts';
import { factsOf, lineCount } from './facts.ts';
import { sectionOf } from './sections/index.ts';
import type { AgentDeps, Finding, SectionKind } from './types.ts';

/** Offline analyst role: findings for one kind, with citations only to files that exist. */
export async function analyseKind(input: { kind: SectionKind }, deps: AgentDeps): Promise<Finding[]> {
  const a = deps.analysis;
  const fx = factsOf(a);
  return sectionOf(input.kind)
    .analyst(a, deps.workspace)
    .map((x) => ({
      ...x,
      citations: x.citations.filter((c) => {
        const cited = splitCitation(c);
        const file = fx.fileByPath.get(cited.path);
        return file !== undefined && fitsFile(cited, lineCount(file));
      }),
    }));
}
