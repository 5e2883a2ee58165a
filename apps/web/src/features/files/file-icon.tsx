/** The extension of a file's name (up to four letters, upper-cased), for its icon: "PDF", "ZIP", or none. */
export function extensionLabel(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return '';
  return name.slice(dot + 1, dot + 5).toUpperCase();
}

/** A page with a folded corner and the file's extension: what a file without a thumbnail shows. */
export function FileIcon({ name, size = 40 }: { name: string; size?: number }) {
  const label = extensionLabel(name);
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 40 40" className="shrink-0 text-muted">
      <path d="M9 3h15l9 9v25H9z" fill="var(--color-surface)" stroke="currentColor" strokeWidth="1.5" />
      <path d="M24 3v9h9" fill="none" stroke="currentColor" strokeWidth="1.5" />
      {label ? (
        <text x="21" y="30" textAnchor="middle" fontSize="8" fontWeight="700" fill="currentColor">
          {label}
        </text>
      ) : null}
    </svg>
  );
}
