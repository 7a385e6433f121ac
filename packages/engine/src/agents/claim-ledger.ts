// The claims a section's prose makes, as the prose reader reads them (prose-claims.ts), and the
// ledger of those a report has accepted so far. Apart from the pass so that the agents' types can
// carry a ledger without importing the sections the pass reads.

import type { ProjectKind } from '../analyse/types.ts';

export type ClaimKey =
  | 'test-cases'
  | 'tests'
  | 'test-files'
  | 'files'
  | 'source-files'
  | 'lines-of-code'
  | 'dependencies'
  | 'runtime-dependencies'
  | 'dev-dependencies'
  | 'routes'
  | 'env-vars'
  | 'todos'
  | 'public-names'
  | 'modules'
  | 'licence'
  | 'kind'
  | 'runs-on';

export interface Claim {
  key: ClaimKey;
  /** A count (0 for "no tests"), a licence family, a project kind or a framework name. */
  value: number | string;
  /** Files and lines of code: the product's, the whole repository's, or either reading. */
  scope?: 'product' | 'whole' | 'either';
  /** Routes: "serves" speaks of the product; "are declared" of the whole code base. */
  serves?: boolean;
  approx?: 'about' | 'at-least' | 'at-most';
  /** The words that make the claim, as written (code spans shown as `…`). */
  phrase: string;
  /** Index of the markdown line and the sentence as it stands in that line. */
  line: number;
  sentence: string;
  /** A sentence of a paragraph (it can be dropped), not a list item or a labelled bullet. */
  prose: boolean;
}

/** Which project kinds are reused by others, run on their own, or may be either. */
export const KIND_GROUP: Record<ProjectKind, 'reused' | 'run' | 'either'> = {
  library: 'reused',
  framework: 'reused',
  plugin: 'reused',
  application: 'run',
  'web-application': 'run',
  service: 'run',
  cli: 'run',
  monorepo: 'either',
  'build-tool': 'either',
};

/** The claims of the sections a report has accepted so far, for claims the analysis cannot settle. */
export class ClaimLedger {
  private entries: { claim: Claim; section: string }[] = [];

  record(section: string, claims: Claim[]): void {
    for (const claim of claims) this.entries.push({ claim, section });
  }

  /** An earlier section that says otherwise about something the analysis is silent on. */
  conflict(c: Claim): { section: string; claim: Claim } | undefined {
    return this.entries.find(({ claim: o }) => {
      if (o.key !== c.key || (o.scope ?? '') !== (c.scope ?? '') || o.approx || c.approx) return false;
      if (c.key === 'kind')
        return (
          KIND_GROUP[o.value as ProjectKind] !== 'either' &&
          KIND_GROUP[c.value as ProjectKind] !== 'either' &&
          KIND_GROUP[o.value as ProjectKind] !== KIND_GROUP[c.value as ProjectKind]
        );
      if (c.key === 'runs-on') return false; // several frameworks can all be true
      return o.value !== c.value;
    });
  }
}
