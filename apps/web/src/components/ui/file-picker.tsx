// The one file picker of the app: a visible label, a drop area with a "Choose file" button (the real input, hidden
// but focusable, so Tab reaches it and Enter or Space opens the browser's chooser), the chosen file names, and a
// hint and an error tied to the input. `size="large"` is the project ZIP's drop zone; the compact one serves the
// template, images and logo, so every file field looks and works the same.
import { useId, useState, type ReactNode } from 'react';
import { FileCheck2, FileX2, UploadCloud } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

export interface FilePickerProps {
  label: string;
  name: string;
  accept?: string;
  multiple?: boolean;
  /** Files chosen with the button or dropped on the area (a drop may bring several, even to a single field). */
  onFiles: (files: File[]) => void;
  /** What is chosen, as shown (names, sizes); nothing when no file is chosen. */
  chosen?: ReactNode;
  /** Shown in place of the chosen names while there are none. */
  empty?: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** When given, a Remove button clears the choice. */
  onRemove?: () => void;
  removeLabel?: string;
  size?: 'compact' | 'large';
  testIds?: { area?: string; chosen?: string; empty?: string; error?: string };
}

export function FilePicker({
  label,
  name,
  accept,
  multiple,
  onFiles,
  chosen,
  empty,
  hint,
  error,
  onRemove,
  removeLabel,
  size = 'compact',
  testIds = {},
}: FilePickerProps) {
  const id = useId();
  const [over, setOver] = useState(false);
  const has = chosen !== undefined && chosen !== null && chosen !== '';
  const large = size === 'large';
  const describedBy = [`${id}-chosen`, hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  // A chosen file that was refused is not shown with a check mark beside its error.
  const state = has ? (error ? 'refused' : 'chosen') : 'empty';
  const Icon = { refused: FileX2, chosen: FileCheck2, empty: UploadCloud }[state];
  return (
    <div>
      <span id={`${id}-label`} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </span>
      <div
        data-testid={testIds.area}
        data-file-picker={name}
        data-state={state}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          // Every file dropped: the field decides which it takes (the ZIP field takes the first .zip).
          const files = Array.from(e.dataTransfer.files);
          if (files.length) onFiles(files);
        }}
        className={cn(
          'flex rounded-xl border-2 border-dashed transition-colors',
          large
            ? 'flex-col items-center justify-center px-4 py-8 text-center'
            : 'flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5',
          over
            ? 'border-indigo-500 bg-indigo-50'
            : error
              ? 'border-rose-400 bg-rose-50/40'
              : 'border-slate-300 bg-slate-50',
        )}
      >
        <Icon
          aria-hidden="true"
          className={cn(
            'shrink-0',
            large ? 'size-8' : 'size-5',
            { refused: 'text-rose-600', chosen: 'text-indigo-600', empty: 'text-slate-500' }[state],
          )}
        />
        <p
          id={`${id}-chosen`}
          data-testid={has ? testIds.chosen : testIds.empty}
          className={cn(
            // A long name wraps where it must; beside the button it keeps room for a few words, or the button wraps.
            'min-w-0 text-sm [overflow-wrap:anywhere]',
            large ? 'mt-2' : 'min-w-36 flex-1',
            has ? 'font-medium text-slate-900' : 'text-slate-600',
          )}
        >
          {has ? chosen : empty}
        </p>
        <div className={cn('flex shrink-0 items-center gap-1', large && 'mt-3')}>
          <label
            htmlFor={id}
            className="inline-flex h-8 cursor-pointer items-center rounded-lg bg-white px-3 text-sm font-semibold text-indigo-700 shadow-sm ring-1 ring-slate-300 ring-inset focus-within:ring-2 focus-within:ring-indigo-600 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600 hover:bg-slate-50"
          >
            {has
              ? multiple
                ? 'Choose other files'
                : 'Choose another file'
              : multiple
                ? 'Choose files'
                : 'Choose file'}
            <input
              id={id}
              name={name}
              type="file"
              accept={accept}
              multiple={multiple}
              className="sr-only"
              aria-labelledby={`${id}-label`}
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              onChange={(e) => {
                onFiles(Array.from(e.target.files ?? []));
                // Lets the same file be chosen again after a validation message.
                e.target.value = '';
              }}
            />
          </label>
          {onRemove && has && (
            <button
              type="button"
              onClick={onRemove}
              aria-label={removeLabel ?? `Remove ${label.toLowerCase()}`}
              className="h-8 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-200 hover:text-slate-900"
            >
              Remove
            </button>
          )}
        </div>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p
          id={`${id}-error`}
          className="mt-1.5 text-xs font-medium text-rose-700"
          data-testid={testIds.error}
        >
          {error}
        </p>
      )}
    </div>
  );
}
