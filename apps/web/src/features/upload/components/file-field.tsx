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
}: {
  label: string;
  accept?: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
  error?: string;
  hint?: ReactNode;
  chosen?: string;
  name: string;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="file"
        accept={accept}
        multiple={multiple}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []));
          // Lets the same file be chosen again after a validation message.
          e.target.value = '';
        }}
        className={cn(
          'block w-full rounded-lg text-sm text-slate-700 ring-1 ring-inset file:mr-3 file:rounded-l-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2.5 file:text-sm file:font-semibold file:text-slate-700 hover:file:bg-slate-200',
          error ? 'ring-rose-400' : 'ring-slate-300',
        )}
      />
      {chosen && <p className="mt-1.5 truncate text-xs text-slate-600" data-testid={`${name}-chosen`}>{chosen}</p>}
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-xs font-medium text-rose-700" data-testid={`${name}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
