/**
 * One change made to a schema by a normalisation or lowering step. Shared by toolmodel's draft
 * normalisation and tooladapter's loss reports, so both read the same way.
 */
export type SchemaChangeAction =
  'dropped' | 'rewritten' | 'inlined' | 'moved-to-description' | 'renamed' | 'added' | 'restored';

export interface SchemaChange {
  /** JSON pointer into the tool (e.g. `/inputSchema/properties/when/format`). */
  pointer: string;
  /** The JSON Schema keyword (or tool field) concerned. */
  keyword: string;
  action: SchemaChangeAction;
  /** What happened, in words a reviewer understands. */
  detail: string;
}
