// The free preview on the report page: the first 5 PDF pages with pdf.js, previous/next and zoom 50–200%.
import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, ZoomIn, ZoomOut } from 'lucide-react';
import {
  PREVIEW_MAX_PAGES,
  PREVIEW_RENDER_DEBOUNCE_MS,
  PREVIEW_RETRY_COUNT,
  PREVIEW_RETRY_DELAY_MS,
  PREVIEW_ZOOM_INITIAL,
  PREVIEW_ZOOM_MAX,
  PREVIEW_ZOOM_MIN,
  PREVIEW_ZOOM_STEP,
  messages,
  reportUiMessages,
  uiMessages,
  type Format,
} from '@atr/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { logError, userMessage } from '../../../lib/user-error.ts';
import { getPreview } from '../api/get-preview.ts';
import { stepZoom, toPdfBytes } from '../lib/pdf-data.ts';
import type { PdfDocument } from '../lib/pdfjs.ts';

type LoadState =
  | { kind: 'loading' }
  | { kind: 'ready'; doc: PdfDocument; pages: number }
  | { kind: 'error'; message: string; hint?: string };
/** An opened document, tagged with the bytes it came from so a stale one is never shown for new bytes. */
type Opened = { bytes: Uint8Array } & ({ doc: PdfDocument; pages: number } | { error: string });

const isNotFound = (e: unknown) =>
  e instanceof ApiRequestError && e.status === 404 && e.body === messages.preview.fileNotFound;
const loadFailed = (text: string): LoadState => ({
  kind: 'error',
  message: messages.preview.loadFailed(text),
  hint: reportUiMessages.previewLoadHint,
});

const formatNames: Record<Format, string> = { word: 'Word', latex: 'LaTeX' };

/** The note under the preview: true to what the user owns (nothing, one format, or both). */
export function previewNote(pages: number, paidFormats: readonly Format[]): string {
  const owned = (['word', 'latex'] as const).filter((f) => paidFormats.includes(f));
  if (owned.length === 2) return reportUiMessages.previewOwnedAllNote(pages);
  if (owned.length === 1) {
    const other = owned[0] === 'word' ? 'latex' : 'word';
    return reportUiMessages.previewOwnedOneNote(pages, formatNames[owned[0]!], formatNames[other]);
  }
  return reportUiMessages.previewFreeNote(pages);
}

export function PdfPreview({
  reportId,
  paidFormats = [],
}: {
  reportId: string;
  /** Formats the user has bought, so the note does not offer what they own. */
  paidFormats?: readonly Format[];
}) {
  // 'PDF file not found' is retried 3 times, 3 s apart (the file may still be being written); other errors are not.
  const preview = useQuery({
    queryKey: ['preview', reportId],
    queryFn: async ({ signal }) => toPdfBytes((await getPreview(reportId, signal)).pdf_preview),
    retry: (failures, e) => isNotFound(e) && failures < PREVIEW_RETRY_COUNT,
    retryDelay: PREVIEW_RETRY_DELAY_MS,
    staleTime: Infinity,
    gcTime: 0,
  });
  const bytes = preview.data;
  const [opened, setOpened] = useState<Opened | null>(null);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState<number>(PREVIEW_ZOOM_INITIAL);
  const [renderError, setRenderError] = useState<string | null>(null);
  const [rendered, setRendered] = useState<{ page: number; zoom: number } | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);

  // Open the fetched bytes with pdf.js (loaded on demand); the document is destroyed when the bytes change or the page unmounts.
  useEffect(() => {
    if (!bytes) return;
    let doc: PdfDocument | null = null;
    let cancelled = false;
    import('../lib/pdfjs.ts')
      // pdf.js hands its buffer to the worker, so it gets a copy and the cached bytes stay readable.
      .then(({ openPdf }) => openPdf(bytes.slice()))
      .then(
        (d) => {
          doc = d;
          if (cancelled) return void d.destroy();
          setPage(1);
          setOpened({ bytes, doc: d, pages: Math.min(d.numPages, PREVIEW_MAX_PAGES) });
        },
        (e: unknown) => {
          if (!cancelled) setOpened({ bytes, error: e instanceof Error ? e.message : String(e) });
        },
      );
    return () => {
      cancelled = true;
      void doc?.destroy();
    };
  }, [bytes]);

  const state: LoadState = (() => {
    if (preview.isFetching) return { kind: 'loading' };
    if (preview.error) {
      const e = preview.error;
      if (isNotFound(e)) return { kind: 'error', message: messages.preview.notAvailable };
      logError('Preview request failed', e);
      return loadFailed(userMessage(e));
    }
    if (!opened || opened.bytes !== bytes) return { kind: 'loading' };
    return 'error' in opened
      ? loadFailed(opened.error)
      : { kind: 'ready', doc: opened.doc, pages: opened.pages };
  })();

  // Fit the page to the box: re-render when the box changes width (rotation, window resize).
  useEffect(() => {
    const el = boxRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setBoxWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [state.kind]);

  // Render the current page, debounced so quick zoom or page clicks draw once.
  const doc = state.kind === 'ready' ? state.doc : null;
  useEffect(() => {
    if (!doc) return;
    let task: { cancel: () => void; promise: Promise<void> } | null = null;
    let cancelled = false;
    const t = window.setTimeout(async () => {
      const canvas = canvasRef.current;
      if (!canvas) return;
      try {
        const pdfPage = await doc.getPage(page);
        const base = pdfPage.getViewport({ scale: 1 });
        const width = boxWidth || boxRef.current?.clientWidth || base.width;
        const fit = Math.min(width / base.width, 1.5);
        const viewport = pdfPage.getViewport({ scale: fit * zoom });
        const ratio = window.devicePixelRatio || 1;
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        if (cancelled) return;
        task = pdfPage.render({
          canvas,
          viewport,
          transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined,
        });
        await task.promise;
        if (!cancelled) {
          setRenderError(null);
          setRendered({ page, zoom });
        }
      } catch (e) {
        if (!cancelled && !(e instanceof Error && e.name === 'RenderingCancelledException')) {
          setRenderError(messages.preview.renderFailed(e instanceof Error ? e.message : String(e)));
        }
      }
    }, PREVIEW_RENDER_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(t);
      task?.cancel();
    };
  }, [doc, page, zoom, boxWidth]);

  if (state.kind === 'loading') {
    return (
      <div
        className="flex h-96 flex-col items-center justify-center gap-3 rounded-xl bg-slate-50 ring-1 ring-slate-200"
        role="status"
      >
        <Spinner className="size-6 text-indigo-600" />
        <p className="text-sm text-slate-600">Loading the preview…</p>
      </div>
    );
  }
  if (state.kind === 'error') {
    return (
      <Alert tone="error" title={state.message}>
        {state.hint && <p>{state.hint}</p>}
        <Button size="sm" variant="secondary" className="mt-2" onClick={() => void preview.refetch()}>
          {uiMessages.retry}
        </Button>
      </Alert>
    );
  }

  const percent = Math.round(zoom * 100);
  return (
    <div>
      <div
        className="flex flex-wrap items-center justify-between gap-2"
        role="toolbar"
        aria-label="Preview controls"
      >
        <div className="flex items-center gap-1">
          <Button
            size="sm"
            variant="secondary"
            aria-label="Previous page"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </Button>
          <span
            className="min-w-[6.5rem] text-center text-sm tabular-nums text-slate-700"
            aria-live="polite"
            data-testid="preview-page"
          >
            Page {page} of {state.pages}
          </span>
          <Button
            size="sm"
            variant="secondary"
            aria-label="Next page"
            disabled={page >= state.pages}
            onClick={() => setPage((p) => p + 1)}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
        <div className="flex items-center gap-1">
          <Button
            size="sm"
            variant="secondary"
            aria-label="Zoom out"
            disabled={zoom <= PREVIEW_ZOOM_MIN}
            onClick={() =>
              setZoom((z) => stepZoom(z, -1, PREVIEW_ZOOM_MIN, PREVIEW_ZOOM_MAX, PREVIEW_ZOOM_STEP))
            }
          >
            <ZoomOut aria-hidden="true" className="size-4" />
          </Button>
          <span className="w-14 text-center text-sm tabular-nums text-slate-700" data-testid="preview-zoom">
            {percent}%
          </span>
          <Button
            size="sm"
            variant="secondary"
            aria-label="Zoom in"
            disabled={zoom >= PREVIEW_ZOOM_MAX}
            onClick={() =>
              setZoom((z) => stepZoom(z, 1, PREVIEW_ZOOM_MIN, PREVIEW_ZOOM_MAX, PREVIEW_ZOOM_STEP))
            }
          >
            <ZoomIn aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
      {renderError && (
        <Alert tone="error" className="mt-3">
          {renderError}
        </Alert>
      )}
      {/* Focusable, so a keyboard can scroll a zoomed page; a region named for what it shows. */}
      <div
        ref={boxRef}
        tabIndex={0}
        role="region"
        aria-label={`Preview, page ${page}`}
        className="relative mt-3 max-h-[80dvh] overflow-auto rounded-xl bg-slate-100 p-2 ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:p-4"
      >
        <canvas
          ref={canvasRef}
          className="mx-auto block bg-white shadow"
          aria-label={`Preview page ${page}`}
          data-testid="preview-canvas"
          data-rendered-page={rendered?.page ?? ''}
          data-rendered-zoom={rendered ? Math.round(rendered.zoom * 100) : ''}
        />
      </div>
      <p className="mt-2 text-xs text-slate-500" data-testid="preview-note">
        {previewNote(state.pages, paidFormats)}
      </p>
    </div>
  );
}
