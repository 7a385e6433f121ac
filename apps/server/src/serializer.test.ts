import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ReportDetailSchema,
  ReportListResponseSchema,
  StatusResponseSchema,
  type ReportDetail,
} from '@atr/shared';
import { ErrorBodySchema } from './modules/reports/openapi.ts';
import { toReport } from './modules/reports/service.ts';
import type { ReportRow } from './modules/reports/repository.ts';
import { createSerializerCompiler } from './serializer.ts';

const row = (over: Partial<ReportRow>): ReportRow => ({
  id: '0b6f2f4e-6a43-4a43-9b1e-3f1f7a0d9c11',
  user_id: 'a1c2e3f4-1111-4222-8333-944455556666',
  project_name: 'Shop "API" — ünïcode\n',
  project_source: 'zip',
  template_name: 'generic_template.yaml',
  status: 'completed',
  step: 'done',
  progress: 100,
  error: null,
  input: { template: { key: 'k', name: 't', mime: 'm', size: 1 }, images: [], company: {} },
  github_token: 'never-serialised',
  cancel_requested: false,
  run_id: null,
  attempts: 1,
  crashes: 0,
  heartbeat_at: null,
  file_sizes: { docx: 48213, pdf: 152771 },
  page_count: 14,
  step_log: [],
  engine_mode: 'offline',
  created_at: new Date('2026-11-02T10:11:12.345Z'),
  updated_at: new Date('2026-11-02T10:20:00.000Z'),
  completed_at: new Date('2026-11-02T10:20:00.000Z'),
  ...over,
});

const reports = [
  toReport(row({})),
  toReport(
    row({
      id: '1b6f2f4e-6a43-4a43-9b1e-3f1f7a0d9c12',
      status: 'processing',
      step: 'ai_code_analysis',
      progress: 42,
      completed_at: null,
      file_sizes: {},
      page_count: null,
    }),
  ),
  toReport(
    row({
      id: '2b6f2f4e-6a43-4a43-9b1e-3f1f7a0d9c13',
      status: 'failed',
      error: 'The ZIP file is not a valid archive.',
      project_name: '',
    }),
  ),
];

const detail: ReportDetail = {
  ...reports[0]!,
  pricing: {
    word: { amount: 1999, currency: 'usd', label: '$19.99' },
    latex: { amount: 2999, currency: 'usd', label: '$29.99' },
  },
  payment_tier: 'word',
  payment_info: { tier: 'word', amount: 1999, currency: 'usd' },
  paid_formats: ['word'],
};

const cases: [string, z.ZodType, unknown][] = [
  [
    'status',
    StatusResponseSchema,
    {
      state: 'processing',
      progress: 42,
      step: 'ai_code_analysis',
      error: null,
      step_log: [
        {
          step: 'initializing',
          startedAt: '2026-11-02T10:11:13.000Z',
          endedAt: '2026-11-02T10:11:15.500Z',
          message: 'Reading the code base',
          done: null,
          total: null,
        },
        {
          step: 'ai_code_analysis',
          startedAt: '2026-11-02T10:11:15.500Z',
          endedAt: null,
          message: 'Reading "src/app.ts" — ünïcode',
          done: 12,
          total: 40,
        },
      ],
    },
  ],
  [
    'failed status',
    StatusResponseSchema,
    {
      state: 'failed',
      progress: 30,
      step: 'personalizing',
      error: 'Template: line 3: "chapters" must be a list.',
      step_log: [],
    },
  ],
  [
    'list',
    ReportListResponseSchema,
    {
      reports,
      pagination: { currentPage: 1, totalPages: 2, totalReports: 13, reportsPerPage: 10 },
      page: 1,
      total_pages: 2,
      total_reports: 13,
      per_page: 10,
      has_next: true,
      has_prev: false,
    },
  ],
  ['detail', ReportDetailSchema, detail],
  [
    'detail without payment',
    ReportDetailSchema,
    { ...detail, payment_tier: 'none', payment_info: null, paid_formats: [] },
  ],
  [
    'error',
    ErrorBodySchema,
    { error: 'not_found', code: 'not_found', message: 'Report Not Found', statusCode: 404 },
  ],
];

async function serve(checked: boolean, schema: z.ZodType, payload: unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler({ checked }));
  app.get('/x', { schema: { response: { 200: schema } } }, async () => payload as never);
  const res = await app.inject('/x');
  await app.close();
  return res;
}

describe('response serializer', () => {
  it.each(cases)(
    'writes the same JSON as zod for a %s response, checked or not',
    async (_name, schema, payload) => {
      const expected = schema.parse(payload);
      for (const checked of [true, false]) {
        const res = await serve(checked, schema, payload);
        expect(res.statusCode).toBe(200);
        expect(JSON.parse(res.body)).toEqual(expected);
      }
    },
  );

  it('leaves out fields the schema does not declare', async () => {
    const leaky = {
      state: 'completed',
      progress: 100,
      step: 'done',
      error: null,
      step_log: [],
      github_token: 'ghp_secret',
      user_id: 'u',
    };
    for (const checked of [true, false]) {
      const res = await serve(checked, StatusResponseSchema, leaky);
      expect(res.body).not.toContain('ghp_secret');
      expect(Object.keys(JSON.parse(res.body)).sort()).toEqual([
        'error',
        'progress',
        'state',
        'step',
        'step_log',
      ]);
    }
  });

  it('fails a response of the wrong shape when checked (development and tests)', async () => {
    const wrong = { state: 'processing', progress: 42, step: 'not-a-step', error: null, step_log: [] };
    expect((await serve(true, StatusResponseSchema, wrong)).statusCode).toBe(500);
    // Production trusts the handler's types and only writes the declared fields.
    const fast = await serve(false, StatusResponseSchema, wrong);
    expect(fast.statusCode).toBe(200);
    expect(JSON.parse(fast.body).step).toBe('not-a-step');
  });
});
