// A labelled file input showing the chosen file(s), with an error line tied to the input for screen readers.
import { useId, type ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

export function FileField({
  label,
  accept,
  multiple,
  onFiles,
  error,
  hint,
  chosen,
  name,
  onRemove,
}: {
  label: string;
  accept?: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  error?: string;
  hint?: ReactNode;
  chosen?: string;
  name: string;
  /** When given, a Remove button clears the chosen file. */
  onRemove?: () => void;
}) {
  const id = useId();
  const describedBy =
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <span id={`${id}-label`} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </span>
      <div className="flex items-center gap-2">
        <label
          htmlFor={id}
          className={cn(
            'flex min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-lg bg-white p-1.5 text-sm shadow-sm ring-1 ring-inset focus-within:ring-2 focus-within:ring-indigo-600 hover:bg-slate-50',
            error ? 'ring-rose-400' : 'ring-slate-300',
          )}
        >
          <span className="shrink-0 rounded-md bg-slate-100 px-3 py-1.5 font-semibold text-slate-700">
            {multiple ? 'Choose files' : 'Choose file'}
          </span>
          <span
            className={cn('min-w-0 truncate', chosen ? 'text-slate-900' : 'text-slate-500')}
            data-testid={`${name}-chosen`}
          >
            {chosen ?? (multiple ? 'No files chosen' : 'No file chosen')}
          </span>
          <input
            id={id}
            name={name}
            type="file"
            accept={accept}
            multiple={multiple}
            className="sr-only"
            aria-labelledby={`${id}-label`}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => {
              onFiles(Array.from(e.target.files ?? []));
              // Lets the same file be chosen again after a validation message.
              e.target.value = '';
            }}
          />
        </label>
        {onRemove && chosen && (
          <button
            type="button"
            onClick={onRemove}
            aria-label={`Remove ${label.toLowerCase()} ${chosen}`}
            className="shrink-0 rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            Remove
          </button>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p
          id={`${id}-error`}
          className="mt-1.5 text-xs font-medium text-rose-700"
          data-testid={`${name}-error`}
        >
          {error}
        </p>
      )}
    </div>
  );
}
