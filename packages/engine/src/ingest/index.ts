// Ingest: turns a ZIP, a GitHub repository or a local folder into a Workspace on disk.

import type { EngineContext, ReportInput, Workspace } from '../types.ts';
import { ingestDirectory } from './directory-ingest.ts';
import { ingestGithub } from './github-ingest.ts';
import { ingestZip } from './zip-ingest.ts';

export { ingestDirectory } from './directory-ingest.ts';
export {
  ingestGithub,
  listGithub,
  parseGithubUrl,
  DEFAULT_GITHUB_API,
  type GithubRef,
  type GithubSource,
} from './github-ingest.ts';
export { ingestZip, checkEntryName, resolveLimits } from './zip-ingest.ts';
export { walkWorkspace } from './walk.ts';

/** Dispatches on the source kind of a report input. */
export function ingest(source: ReportInput['source'], ctx: EngineContext): Promise<Workspace> {
  switch (source.kind) {
    case 'zip':
      return ingestZip(source.path, ctx);
    case 'github':
      return ingestGithub(source, ctx);
    case 'directory':
      return ingestDirectory(source.path, ctx);
  }
}
