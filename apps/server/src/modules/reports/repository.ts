// SQL of the reports module: rows, ownership-scoped reads, the worker's claim/heartbeat and the sweep.
import { messages, type StepLogEntry } from '@atr/shared';
import type { Database } from '../../db/index.ts';
import { REPORT_QUEUE } from '../../plugins/queue.ts';

export interface StoredInputFile {
  key: string;
  name: string;
  mime: string;
  size: number;
}

export interface ReportInputData {
  codebase?: StoredInputFile;
  githubUrl?: string;
  template: StoredInputFile;
  images: StoredInputFile[];
  logo?: StoredInputFile;
  company: Record<string, string | undefined>;
}

export interface FileSizes {
  docx?: number;
  latex?: number;
  pdf?: number;
  preview?: number;
}

export interface ReportRow {
  id: string;
  user_id: string;
  project_name: string;
  project_source: 'zip' | 'github';
  template_name: string;
  status: 'processing' | 'completed' | 'failed' | 'cancelled';
  step: string;
  progress: number;
  error: string | null;
  input: ReportInputData;
  github_token: string | null;
  cancel_requested: boolean;
  run_id: string | null;
  attempts: number;
  /** Runs that ended their process (crash, exhausted heap, killed worker); see MAX_CRASHES. */
  crashes: number;
  heartbeat_at: Date | null;
  file_sizes: FileSizes;
  page_count: number | null;
  step_log: StepLogEntry[];
  engine_mode: EngineMode | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

/** What a new report's uploads add to its owner's stored bytes (the same sum as STORED_BYTES). */
export function storedBytesOf(input: ReportInputData): number {
  return (
    (input.codebase?.size ?? 0) +
    input.template.size +
    (input.logo?.size ?? 0) +
    input.images.reduce((n, i) => n + i.size, 0)
  );
}

const LIST_COLUMNS = `id, user_id, project_name, project_source, template_name, status, step, progress, error,
  file_sizes, page_count, created_at, updated_at, completed_at`;

/** Bytes one report keeps in storage: its uploads (from `input`) and its documents (from `file_sizes`). */
const STORED_BYTES = `COALESCE((input->'codebase'->>'size')::bigint, 0) + COALESCE((input->'template'->>'size')::bigint, 0)
  + COALESCE((input->'logo'->>'size')::bigint, 0)
  + COALESCE((SELECT SUM((i->>'size')::bigint) FROM jsonb_array_elements(COALESCE(input->'images', '[]'::jsonb)) i), 0)
  + COALESCE((file_sizes->>'docx')::bigint, 0) + COALESCE((file_sizes->>'latex')::bigint, 0)
  + COALESCE((file_sizes->>'pdf')::bigint, 0) + COALESCE((file_sizes->>'preview')::bigint, 0)`;

/** How the agents ran: offline, or on a configured language model. */
export type EngineMode = 'offline' | 'model';

/** The list's search and status filter; either may be absent. */
export interface ListFilters {
  q?: string | undefined;
  status?: ReportRow['status'] | undefined;
}

/** A name search for ILIKE: the user's text, literal (its % and _ and \ escaped), anywhere in the name. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface UserQuota {
  maxActive: number;
  maxStoredBytes: number;
}

export interface UserUsage {
  /** Reports waiting or running. */
  active: number;
  storedBytes: number;
}

export function reportRepository(db: Database) {
  return {
    async usage(userId: string): Promise<UserUsage> {
      const rows = await db.query<{ active: string | number; stored: string | number }>(
        `SELECT COUNT(*) FILTER (WHERE status = 'processing') AS active, COALESCE(SUM(${STORED_BYTES}), 0) AS stored
         FROM reports WHERE user_id = $1`,
        [userId],
      );
      return { active: Number(rows[0]?.active ?? 0), storedBytes: Number(rows[0]?.stored ?? 0) };
    },

    async insert(
      r: {
        id: string;
        userId: string;
        projectName: string;
        projectSource: 'zip' | 'github';
        templateName: string;
        input: ReportInputData;
        githubToken?: string;
      },
      quota?: UserQuota,
    ): Promise<boolean> {
      const text = `INSERT INTO reports (id, user_id, project_name, project_source, template_name, input, github_token)
         SELECT $1, $2, $3, $4, $5, $6::jsonb, $7
         WHERE $8::bigint IS NULL OR (
           (SELECT COUNT(*) FROM reports WHERE user_id = $2 AND status = 'processing') < $8::bigint
           AND (SELECT COALESCE(SUM(${STORED_BYTES}), 0) FROM reports WHERE user_id = $2) + $10::bigint <= $9::bigint)
         RETURNING id`;
      const values = [
        r.id,
        r.userId,
        r.projectName,
        r.projectSource,
        r.templateName,
        JSON.stringify(r.input),
        r.githubToken ?? null,
        quota?.maxActive ?? null,
        quota?.maxStoredBytes ?? null,
        storedBytesOf(r.input),
      ];
      // PGlite runs one statement at a time, so the check and the write are already one step. On
      // PostgreSQL, uploads of one owner finishing at once queue on a per-owner lock, and each then
      // reads the others' rows (a fresh snapshot per statement) before deciding.
      if (db.kind !== 'postgres') return (await db.query(text, values)).length === 1;
      return db.withConnection(async (sql) => {
        await sql('BEGIN');
        try {
          await sql('SELECT pg_advisory_xact_lock(hashtext($1))', [`report-quota:${r.userId}`]);
          const { rows } = await sql(text, values);
          await sql('COMMIT');
          return rows.length === 1;
        } catch (e) {
          await sql('ROLLBACK').catch(() => {});
          throw e;
        }
      });
    },

    /** A row only when `userId` owns it: every route goes through this, so others' ids read as absent. */
    async findOwned(id: string, userId: string): Promise<ReportRow | null> {
      const rows = await db.query<ReportRow>(`SELECT * FROM reports WHERE id = $1 AND user_id = $2`, [
        id,
        userId,
      ]);
      return rows[0] ?? null;
    },

    async status(id: string, userId: string) {
      const rows = await db.query<Pick<ReportRow, 'status' | 'progress' | 'step' | 'error' | 'step_log'>>(
        `SELECT status, progress, step, error, step_log FROM reports WHERE id = $1 AND user_id = $2`,
        [id, userId],
      );
      return rows[0] ?? null;
    },

    async findById(id: string): Promise<ReportRow | null> {
      const rows = await db.query<ReportRow>(`SELECT * FROM reports WHERE id = $1`, [id]);
      return rows[0] ?? null;
    },

    async list(
      userId: string,
      limit: number,
      offset: number,
      filters: ListFilters = {},
    ): Promise<{ rows: ReportRow[]; total: number }> {
      // Absent filters are NULL parameters, so one statement (and one plan) serves every combination.
      const where = `user_id = $1 AND ($2::text IS NULL OR project_name ILIKE $2::text)
         AND ($3::text IS NULL OR status = $3::text)`;
      const params = [userId, filters.q ? likePattern(filters.q) : null, filters.status ?? null];
      // One round trip: the window count rides along with the page; only an empty page needs its own count.
      const rows = await db.query<ReportRow & { total: number }>(
        `SELECT ${LIST_COLUMNS}, count(*) OVER ()::int AS total FROM reports WHERE ${where}
         ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`,
        [...params, limit, offset],
      );
      if (rows.length > 0) return { rows, total: rows[0]!.total };
      const count = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM reports WHERE ${where}`,
        params,
      );
      return { rows, total: count[0]?.n ?? 0 };
    },

    async delete(id: string, userId: string): Promise<boolean> {
      const rows = await db.query(`DELETE FROM reports WHERE id = $1 AND user_id = $2 RETURNING id`, [
        id,
        userId,
      ]);
      return rows.length > 0;
    },

    /** Asks a running job to stop; a report no worker has claimed yet is cancelled at once. */
    async requestCancel(id: string, userId: string): Promise<'cancelled' | 'requested' | 'finished' | null> {
      const rows = await db.query<{ status: string; run_id: string | null }>(
        `UPDATE reports SET cancel_requested = true, updated_at = now(),
           status = CASE WHEN status = 'processing' AND run_id IS NULL THEN 'cancelled' ELSE status END,
           error = CASE WHEN status = 'processing' AND run_id IS NULL THEN NULL ELSE error END,
           github_token = CASE WHEN status = 'processing' AND run_id IS NULL THEN NULL ELSE github_token END
         WHERE id = $1 AND user_id = $2 AND status = 'processing'
         RETURNING status, run_id`,
        [id, userId],
      );
      const r = rows[0];
      if (!r) return (await this.status(id, userId)) ? 'finished' : null;
      if (r.status === 'cancelled') return r.run_id ? 'requested' : 'cancelled';
      return r.status === 'processing' ? 'requested' : 'finished';
    },

    /**
     * Claims a report for one run: only a processing, not-cancelled report that no live run holds (no
     * heartbeat within `staleSeconds`), and only while the owner has fewer than `perUser` live runs.
     * The per-user count and the claim happen under one advisory lock per user so two workers cannot
     * both take the last slot. Returns the claimed row, 'busy' when the user is at the cap, or null.
     */
    async claim(
      id: string,
      runId: string,
      staleSeconds: number,
      perUser: number,
    ): Promise<ReportRow | 'busy' | null> {
      // One statement: the cap check and the claim are atomic on PGlite (one connection, one statement
      // at a time). PostgreSQL adds a per-user advisory lock so two workers cannot take the last slot.
      const claimSql = `UPDATE reports SET run_id = $2, heartbeat_at = now(), attempts = attempts + 1,
           started_at = COALESCE(started_at, now()), updated_at = now()
         WHERE id = $1 AND status = 'processing' AND NOT cancel_requested
           AND (run_id IS NULL OR heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => $3))
           AND (SELECT count(*) FROM reports o WHERE o.user_id = reports.user_id AND o.status = 'processing' AND o.id <> $1
                  AND o.run_id IS NOT NULL AND o.heartbeat_at > now() - make_interval(secs => $3)) < $4
         RETURNING *`;
      const params = [id, runId, staleSeconds, perUser];
      let claimed: ReportRow | undefined;
      if (db.kind === 'postgres') {
        const owner = (
          await db.query<{ user_id: string }>(`SELECT user_id FROM reports WHERE id = $1`, [id])
        )[0];
        if (!owner) return null;
        claimed = await db.withConnection(async (sql) => {
          await sql('BEGIN');
          try {
            await sql(`SELECT pg_advisory_xact_lock(hashtext($1))`, [owner.user_id]);
            const r = (await sql(claimSql, params)).rows[0] as ReportRow | undefined;
            await sql('COMMIT');
            return r;
          } catch (e) {
            await sql('ROLLBACK').catch(() => {});
            throw e;
          }
        });
      } else {
        claimed = (await db.query<ReportRow>(claimSql, params))[0];
      }
      if (claimed) return claimed;
      // Not claimed: either nothing to do, or claimable but the owner is at the cap.
      const rows = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM reports WHERE id = $1 AND status = 'processing' AND NOT cancel_requested
           AND (run_id IS NULL OR heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => $2))`,
        [id, staleSeconds],
      );
      return rows[0]?.n ? 'busy' : null;
    },

    /** Beats the run's heartbeat; answers whether the run should go on (row there, still ours, not cancelled). */
    async heartbeat(id: string, runId: string): Promise<'continue' | 'cancel' | 'gone'> {
      const rows = await db.query<{ cancel_requested: boolean }>(
        `UPDATE reports SET heartbeat_at = now() WHERE id = $1 AND run_id = $2 AND status = 'processing'
         RETURNING cancel_requested`,
        [id, runId],
      );
      if (!rows[0]) return 'gone';
      return rows[0].cancel_requested ? 'cancel' : 'continue';
    },

    /** Progress never goes backwards, even across a restarted run; the step log is this run's, written whole. */
    async progress(
      id: string,
      runId: string,
      step: string,
      progress: number,
      stepLog?: StepLogEntry[],
    ): Promise<void> {
      await db.query(
        `UPDATE reports SET step = $3, progress = GREATEST(progress, $4), heartbeat_at = now(), updated_at = now(),
           step_log = COALESCE($5::jsonb, step_log)
         WHERE id = $1 AND run_id = $2 AND status = 'processing'`,
        [id, runId, step, progress, stepLog ? JSON.stringify(stepLog) : null],
      );
    },

    /**
     * Per-step timings (ms) and code-base sizes of the newest completed reports run in `mode`, for the time
     * estimate. Every owner's: only medians of durations leave the server, never a row.
     */
    async recentTimings(
      mode: EngineMode,
      limit: number,
    ): Promise<{ timings: Record<string, number>; bytes: number | null }[]> {
      const rows = await db.query<{ timings: Record<string, number>; bytes: string | number | null }>(
        `SELECT timings, (input->'codebase'->>'size')::bigint AS bytes FROM reports
         WHERE status = 'completed' AND timings IS NOT NULL AND timings <> '{}'::jsonb
           AND COALESCE(engine_mode, 'offline') = $1
         ORDER BY completed_at DESC LIMIT $2`,
        [mode, limit],
      );
      return rows.map((r) => ({ timings: r.timings, bytes: r.bytes === null ? null : Number(r.bytes) }));
    },

    async complete(
      id: string,
      runId: string,
      fileSizes: FileSizes,
      pageCount: number,
      timings: unknown,
      run: { stepLog?: StepLogEntry[]; mode?: EngineMode } = {},
    ): Promise<boolean> {
      const rows = await db.query(
        `UPDATE reports SET status = 'completed', step = 'done', progress = 100, error = NULL, github_token = NULL,
           file_sizes = $3::jsonb, page_count = $4, timings = $5::jsonb, completed_at = now(), updated_at = now(),
           heartbeat_at = NULL, step_log = COALESCE($6::jsonb, step_log), engine_mode = COALESCE($7, engine_mode)
         WHERE id = $1 AND run_id = $2 AND status = 'processing' AND NOT cancel_requested RETURNING id`,
        [
          id,
          runId,
          JSON.stringify(fileSizes),
          pageCount,
          JSON.stringify(timings ?? {}),
          run.stepLog ? JSON.stringify(run.stepLog) : null,
          run.mode ?? null,
        ],
      );
      return rows.length > 0;
    },

    async fail(id: string, runId: string | null, message: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE reports SET status = 'failed', error = $3, github_token = NULL, heartbeat_at = NULL, updated_at = now()
         WHERE id = $1 AND status = 'processing' AND ($2::uuid IS NULL OR run_id = $2::uuid) RETURNING id`,
        [id, runId, message],
      );
      return rows.length > 0;
    },

    async markCancelled(id: string): Promise<boolean> {
      const rows = await db.query(
        `UPDATE reports SET status = 'cancelled', github_token = NULL, heartbeat_at = NULL, updated_at = now()
         WHERE id = $1 AND status IN ('processing', 'cancelled') RETURNING id`,
        [id],
      );
      return rows.length > 0;
    },

    /**
     * A run ended its process (crash, exhausted heap): counts it, and fails the report once it has done
     * so `maxCrashes` times. Answers the report's status afterwards ('processing': try once more), or
     * null when the run no longer held the report.
     */
    async recordCrash(
      id: string,
      runId: string,
      maxCrashes: number,
      message: string,
    ): Promise<'processing' | 'failed' | null> {
      const rows = await db.query<{ status: 'processing' | 'failed' }>(
        `UPDATE reports SET crashes = crashes + 1, run_id = NULL, heartbeat_at = NULL, updated_at = now(),
           status = CASE WHEN crashes + 1 >= $3 THEN 'failed' ELSE status END,
           error = CASE WHEN crashes + 1 >= $3 THEN $4 ELSE error END,
           github_token = CASE WHEN crashes + 1 >= $3 THEN NULL ELSE github_token END
         WHERE id = $1 AND run_id = $2 AND status = 'processing' RETURNING status`,
        [id, runId, maxCrashes, message],
      );
      return rows[0]?.status ?? null;
    },

    /**
     * Lets a run that lost its worker be claimed again; returns the rows to re-enqueue and those given up
     * on. A run whose heartbeat stopped took its process down with it: it counts as a crash, so a report
     * that kills every worker it reaches is failed after `maxCrashes`, not handed on in a loop.
     */
    async sweepStale(
      staleSeconds: number,
      maxAttempts: number,
      hasQueue: boolean,
      maxCrashes = Infinity,
    ): Promise<{ requeue: string[]; failed: string[] }> {
      const failed = await db.query<{ id: string }>(
        `UPDATE reports SET status = 'failed', crashes = crashes + 1, github_token = NULL, heartbeat_at = NULL, updated_at = now(),
           error = CASE WHEN crashes + 1 >= $4 THEN $5 ELSE $3 END
         WHERE status = 'processing' AND run_id IS NOT NULL AND heartbeat_at < now() - make_interval(secs => $1)
           AND (attempts >= $2 OR crashes + 1 >= $4) RETURNING id`,
        [
          staleSeconds,
          maxAttempts,
          STUCK_MESSAGE,
          Number.isFinite(maxCrashes) ? maxCrashes : 2_147_483_647,
          messages.report.crashedTwice,
        ],
      );
      const requeue = await db.query<{ id: string }>(
        `UPDATE reports SET run_id = NULL, heartbeat_at = NULL, crashes = crashes + 1, updated_at = now()
         WHERE status = 'processing' AND run_id IS NOT NULL AND heartbeat_at < now() - make_interval(secs => $1)
         RETURNING id`,
        [staleSeconds],
      );
      // Queued reports that were never claimed and have no waiting job (e.g. the job was lost) go back too.
      const orphans = hasQueue
        ? await db.query<{ id: string }>(
            `SELECT r.id FROM reports r WHERE r.status = 'processing' AND r.run_id IS NULL AND NOT r.cancel_requested
               AND r.updated_at < now() - make_interval(secs => $1)
               AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = $2 AND j.data->>'reportId' = r.id::text
                                 AND j.state IN ('created', 'retry', 'active'))`,
            [staleSeconds, REPORT_QUEUE],
          )
        : [];
      return {
        requeue: [...requeue.map((r) => r.id), ...orphans.map((r) => r.id)],
        failed: failed.map((r) => r.id),
      };
    },

    /** Cancelled reports whose run is gone (claimed but abandoned) are settled by the sweep. */
    async settleCancelled(staleSeconds: number): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `UPDATE reports SET status = 'cancelled', github_token = NULL, heartbeat_at = NULL, updated_at = now()
         WHERE status = 'processing' AND cancel_requested
           AND (run_id IS NULL OR heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => $1)) RETURNING id`,
        [staleSeconds],
      );
      return rows.map((r) => r.id);
    },

    /** Storage keys of a user's cache rows that point at stored files (rows from before 0005). */
    async cacheEntries(userId: string): Promise<string[]> {
      const rows = await db.query<{ storage_key: string }>(
        `SELECT storage_key FROM analysis_cache WHERE user_id = $1 AND storage_key IS NOT NULL`,
        [userId],
      );
      return rows.map((r) => r.storage_key);
    },

    async clearCache(userId: string): Promise<number> {
      const rows = await db.query(`DELETE FROM analysis_cache WHERE user_id = $1 RETURNING content_hash`, [
        userId,
      ]);
      return rows.length;
    },

    async putCache(userId: string, contentHash: string, storageKey: string): Promise<void> {
      await db.query(
        `INSERT INTO analysis_cache (user_id, content_hash, storage_key) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, content_hash) DO UPDATE SET storage_key = EXCLUDED.storage_key, created_at = now()`,
        [userId, contentHash, storageKey],
      );
    },

    /**
     * Where a user's cached analysis for a content hash is stored, counting the hit in the same
     * statement; null on a miss. The report's process reads and parses the file itself.
     */
    async takeCachedAnalysisKey(userId: string, contentHash: string): Promise<string | null> {
      const rows = await db.query<{ storage_key: string }>(
        `UPDATE analysis_cache SET hits = hits + 1, last_used_at = now()
         WHERE user_id = $1 AND content_hash = $2 AND storage_key IS NOT NULL RETURNING storage_key`,
        [userId, contentHash],
      );
      return rows[0]?.storage_key ?? null;
    },

    /**
     * Records a stored analysis and keeps only the user's `keep` most recently used entries; answers
     * the storage keys of the entries let go, for the caller to delete.
     */
    async putCachedAnalysisKey(
      userId: string,
      contentHash: string,
      storageKey: string,
      sizeBytes: number,
      keep: number,
    ): Promise<string[]> {
      await db.query(
        `INSERT INTO analysis_cache (user_id, content_hash, storage_key, analysis, size_bytes) VALUES ($1, $2, $3, NULL, $4)
         ON CONFLICT (user_id, content_hash) DO UPDATE SET storage_key = EXCLUDED.storage_key, analysis = NULL,
           size_bytes = EXCLUDED.size_bytes, hits = 0, created_at = now(), last_used_at = now()`,
        [userId, contentHash, storageKey, sizeBytes],
      );
      const evicted = await db.query<{ storage_key: string | null }>(
        `DELETE FROM analysis_cache WHERE user_id = $1 AND content_hash NOT IN (
           SELECT content_hash FROM analysis_cache WHERE user_id = $1 ORDER BY last_used_at DESC, created_at DESC LIMIT $2)
         RETURNING storage_key`,
        [userId, keep],
      );
      return evicted.flatMap((r) => (r.storage_key && r.storage_key !== storageKey ? [r.storage_key] : []));
    },
  };
}

export type ReportRepository = ReturnType<typeof reportRepository>;

export const STUCK_MESSAGE =
  'Report generation was interrupted several times and could not finish. Please try generating the report again.';
