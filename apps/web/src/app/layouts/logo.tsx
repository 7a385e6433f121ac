// The ATR word mark.
export function Logo() {
  return (
    <span className="flex items-center gap-2">
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-lg bg-indigo-600 text-white"
      >
        <svg
          viewBox="0 0 32 32"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M9 23l7-14 7 14M12 18h8" />
        </svg>
      </span>
      <span className="text-lg font-bold tracking-tight text-slate-900">
        ATR<span className="sr-only"> — AI Technical Reports</span>
      </span>
    </span>
  );
}
