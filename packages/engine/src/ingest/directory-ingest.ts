// Uses a local folder in place (nothing is copied): the CLI's and tests' source. A `.git` folder is
// left where it is so the git-history pass can read it.

import { promises as fs } from 'node:fs';
import path from 'node:path';
import { EngineError, throwIfCancelled } from '../errors.ts';
import type { EngineContext, Workspace } from '../types.ts';
import { walkWorkspace } from './walk.ts';
import { resolveLimits } from './zip-ingest.ts';

export async function ingestDirectory(dir: string, ctx: EngineContext): Promise<Workspace> {
  throwIfCancelled(ctx.signal);
  const stat = await fs.stat(dir).catch(() => null);
  if (!stat?.isDirectory())
    throw new EngineError('ingest', `The folder ${JSON.stringify(dir)} does not exist or is not a folder.`);
  const root = await fs.realpath(dir);
  const walked = await walkWorkspace(root, resolveLimits(ctx), ctx.signal);
  throwIfCancelled(ctx.signal);
  return {
    root,
    name: path.basename(root),
    files: walked.files,
    skipped: walked.skipped,
    source: { kind: 'directory' },
  };
}
