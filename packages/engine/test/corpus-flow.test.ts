// How it works, on real code: the flow pass run on the corpus repositories finds the mechanism their
// maintainers would describe (koa composes middleware and hands each request to handleRequest; fd
// turns options into a configuration and walks directories on threads over channels; click's
// Command.main makes a context and parses arguments; cobra's ExecuteC finds and executes a command).

import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyse } from '../src/analyse/index.ts';
import { ingest } from '../src/ingest/index.ts';
import type { Analysis, FlowStep } from '../src/analyse/types.ts';
import { mechanismParts } from '../src/agents/how-it-works.ts';
import { runAgents } from '../src/agents/index.ts';
import { templateOf, testContext } from '../src/agents/test-fixtures.ts';
import type { Workspace } from '../src/types.ts';
import { corpusDir } from './corpus-archives.ts';

const corpus = corpusDir();
let work: string;
beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-corpus-flow-'));
});
afterAll(async () => {
  if (work) await fs.rm(work, { recursive: true, force: true });
});

const workspaces = new Map<string, Workspace>();

async function analysed(name: string): Promise<Analysis> {
  execFileSync('tar', ['-xzf', path.join(corpus!, `${name}.tar.gz`), '-C', work]);
  const ctx = { workDir: path.join(work, `${name}-work`), now: () => new Date(0), onProgress: () => {} };
  const workspace = await ingest({ kind: 'directory', path: path.join(work, name) }, ctx);
  workspaces.set(name, workspace);
  return analyse(workspace, ctx);
}

const step = (a: Analysis, name: string, owner?: string): FlowStep | undefined =>
  a.flow!.steps.find((s) => s.name === name && (!owner || s.owner === owner));
const callNames = (s: FlowStep | undefined) => (s?.calls ?? []).map((c) => c.from ?? c.name);

describe.runIf(corpus)('how it works on the corpus', () => {
  it('koa: listen() → callback() composes the middleware with koa-compose → handleRequest() → respond()', async () => {
    const a = await analysed('koa');
    expect(callNames(step(a, 'listen', 'Application'))).toEqual(
      expect.arrayContaining(['callback', 'node:http']),
    );
    expect(callNames(step(a, 'callback', 'Application'))).toEqual(
      expect.arrayContaining(['createContext', 'handleRequest', 'koa-compose']),
    );
    expect(callNames(step(a, 'handleRequest', 'Application'))).toContain('respond');
    const text = mechanismParts(a).join('\n');
    expect(text).toContain('`compose` from `koa-compose`');
    expect(text).toContain('`lib/application.js:167`');
    // a template title about how it works gets the mechanism alone
    const out = await runAgents(
      {
        analysis: a,
        template: templateOf(['How It Works']),
        workspace: workspaces.get('koa')!,
        projectName: 'koa',
        imageNames: [],
      },
      testContext(),
    );
    const section = out.sections.find((s) => s.title === 'How It Works')!;
    expect(section.kind).toBe('architecture');
    expect(section.markdown).toMatch(/Before any request, set-up runs once, from `Application.listen\(\)`/);
    expect(section.markdown).toContain('`compose` from `koa-compose`');
    expect(section.markdown).not.toContain('Grouped by directory');
  }, 60_000);

  it('fd: main() → run() → construct_config() and walk::scan(), on threads and crossbeam channels', async () => {
    const a = await analysed('fd');
    expect(a.flow!.steps[0]).toMatchObject({ name: 'main', path: 'src/main.rs', line: 62 });
    const run = step(a, 'run');
    expect(run?.calls).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'construct_config', path: 'src/main.rs' }),
        expect.objectContaining({ name: 'scan', path: 'src/walk.rs' }),
      ]),
    );
    expect(a.flow!.concurrency.map((c) => c.what).join(' ')).toMatch(
      /std::thread[\s\S]*crossbeam|crossbeam[\s\S]*std::thread/,
    );
    expect(a.flow!.abstractions.map((t) => t.name)).toEqual(expect.arrayContaining(['DirEntry', 'Opts']));
  }, 60_000);

  it("click: Command.main() makes a context that parses the arguments with click's own parser", async () => {
    const a = await analysed('click');
    expect(callNames(step(a, 'main', 'Command'))).toEqual(expect.arrayContaining(['make_context', 'invoke']));
    expect(callNames(step(a, 'make_context', 'Command'))).toContain('parse_args');
    expect(step(a, 'parse_args', 'Command')?.calls).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'parse_args', path: 'src/click/parser.py' })]),
    );
    expect(a.flow!.abstractions.map((t) => t.name)).toEqual(
      expect.arrayContaining(['Context', 'Command', 'Group', 'Parameter', 'ParamType']),
    );
  }, 60_000);

  it('cobra: Execute() → ExecuteC() finds the command and executes it; the Command struct is central', async () => {
    const a = await analysed('cobra');
    expect(callNames(step(a, 'Execute', 'Command'))).toContain('ExecuteC');
    expect(callNames(step(a, 'ExecuteC', 'Command'))).toEqual(expect.arrayContaining(['Find', 'execute']));
    expect(a.flow!.abstractions[0]).toMatchObject({ name: 'Command', path: 'command.go' });
  }, 60_000);

  it('spring-petclinic: each controller works with its repository, a Spring Data JpaRepository', async () => {
    const a = await analysed('spring-petclinic');
    const owner = a.flow!.handlers.find((h) => h.path.endsWith('owner/OwnerController.java'));
    expect(owner?.uses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'OwnerRepository', bases: ['JpaRepository'] }),
      ]),
    );
    expect(mechanismParts(a).join('\n')).toMatch(/Data is read and written through `OwnerRepository`/);
    // the compiled stylesheet is not a module of the product, and Javadoc markup is not prose
    const out = await runAgents(
      {
        analysis: a,
        template: templateOf(['Components and Modules']),
        workspace: workspaces.get('spring-petclinic')!,
        projectName: 'spring-petclinic',
        imageNames: [],
      },
      testContext(),
    );
    const components = out.sections[0]!.markdown;
    expect(components).not.toContain('resources/css');
    expect(components).toContain('Simple JavaBean domain object representing an owner.');
    expect(components).not.toContain('<code>');
  }, 60_000);

  it('the frameworks and libraries name where users plug their code in; the applications and CLIs name none', async () => {
    const points = async (name: string) =>
      ((await analysed(name)).flow!.extensions ?? []).map(
        (p) => `${p.owner}.${p.name} ${p.store} ${p.runs.name}`,
      );
    expect(await points('koa')).toEqual(['Application.use this.middleware callback']);
    expect(await points('chi')).toEqual(['Mux.Use mx.middlewares updateRouteHandler']);
    expect(await points('requests')).toEqual(
      expect.arrayContaining([
        'Session.mount self.adapters get_adapter',
        'RequestHooksMixin.register_hook self.hooks send',
      ]),
    );
    expect(await points('hono')).toEqual(['Hono.use this.router #dispatch']);
    expect(await points('click')).toEqual(['Group.add_command self.commands get_command']);
    const cobra = await analysed('cobra');
    expect(cobra.flow!.extensions?.map((p) => p.name)).toEqual(['AddCommand']);
    expect(cobra.flow!.hooks).toMatchObject({ owner: 'Command', caller: { name: 'execute' } });
    expect(cobra.flow!.hooks!.fields).toEqual(expect.arrayContaining(['PersistentPreRun', 'Run', 'PostRun']));
    for (const name of ['fd', 'just', 'spring-petclinic', 'healthchecks', 'nextjs-subscription-payments']) {
      const a = await analysed(name);
      expect([name, a.flow!.extensions ?? [], a.flow!.hooks]).toEqual([name, [], undefined]);
    }
  }, 300_000);
});
