import { describe, expect, it } from 'vitest';
import type { Analysis } from './analyse/types.ts';
import { reportTitle } from './pipeline.ts';
import type { Workspace } from './types.ts';

const workspace = { name: 'src' } as Workspace;
const analysis = (manifestName?: string) =>
  ({ project: { name: 'src', ...(manifestName ? { manifestName } : {}) } }) as Analysis;

describe('the report title', () => {
  it("defaults to the manifest's name rather than the upload's folder name", () => {
    expect(reportTitle('', analysis('spring-petclinic'), workspace)).toBe('spring-petclinic');
    expect(reportTitle('  ', analysis('koa'), workspace)).toBe('koa');
  });

  it("keeps the user's name, and falls back to the folder name without a manifest", () => {
    expect(reportTitle('Billing API', analysis('koa'), workspace)).toBe('Billing API');
    expect(reportTitle('', analysis(), workspace)).toBe('src');
  });
});
