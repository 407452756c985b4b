/** The phases of an import, in order; `operations` reports each operation as it is converted. */
export type ImportPhase = 'read' | 'validate' | 'dereference' | 'operations';

/** What `onProgress` receives: a phase starting, or `done` of `total` operations converted. */
export interface ImportProgress {
  phase: ImportPhase;
  /** Operations converted so far (phase `operations`). */
  done?: number;
  /** Operations to convert (phase `operations`). */
  total?: number;
}
