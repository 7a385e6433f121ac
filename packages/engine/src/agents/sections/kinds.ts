// The section kinds, written out: the vocabulary the plan, the findings and the drafts share. A leaf
// (it imports nothing), so the agents' types can name a kind without importing the sections; the
// registry (index.ts) is checked against this list, never the other way round.

/** Anything a title does not match is 'custom' (retrieval over the code base). */
export type SectionKind =
  | 'overview'
  | 'architecture'
  | 'components'
  | 'technology'
  | 'dependencies'
  | 'data-model'
  | 'api'
  | 'configuration'
  | 'build-deploy'
  | 'testing'
  | 'security'
  | 'performance'
  | 'metrics'
  | 'structure'
  | 'getting-started'
  | 'known-issues'
  | 'conclusion'
  | 'custom';
