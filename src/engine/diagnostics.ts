/** A finding about a document, located as precisely as the source allows. */
export type Severity = 'error' | 'warning';

export interface Diagnostic {
  /** Project-relative path of the document, e.g. `flows/modules/triage.json`. */
  file: string;
  /** JSON pointer into the document, e.g. `/steps/military-service/next/0/to`. */
  pointer: string;
  line: number;
  col: number;
  severity: Severity;
  message: string;
  /** Stable id of the check that found it, e.g. `broken-reference`. */
  check: string;
}

export function formatDiagnostic(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.col} ${d.severity} ${d.message} [${d.check}]`;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Sorted by file, then line, then column, so output reads top to bottom. */
export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.check.localeCompare(b.check),
  );
}
