import { isPlainObject, safeParseTool, type Tool, type ToolInput } from '@toolarsenal/toolmodel';
import { type BuildContext, buildTool } from './build-tool.js';
import { OpenApiImportError } from './errors.js';
import type { OperationFacts } from './filters.js';
import type { SkippedOperation } from './import-openapi.js';
import type { LoadedDocument } from './load-document.js';
import type { NameMapping } from './naming.js';
import type { PendingOperation } from './operations.js';

/** Turns operations into tools one at a time, collecting what was kept, skipped, renamed or filtered out. */
export class OperationRun {
  readonly tools: Tool[] = [];
  readonly skipped: SkippedOperation[] = [];
  readonly renamed: NameMapping[] = [];
  filtered = 0;

  constructor(
    private readonly doc: LoadedDocument,
    private readonly filter: (op: OperationFacts) => string | undefined,
    private readonly context: BuildContext,
    private readonly skipInvalid: boolean,
  ) {}

  add(op: PendingOperation): void {
    const { file } = this.doc;
    const skip = (code: SkippedOperation['code'], reason: string) => {
      const entry: SkippedOperation = { method: op.method, path: op.path, pointer: op.pointer, code, reason };
      if (op.mapping.operationId !== undefined) entry.operationId = op.mapping.operationId;
      if (code === 'invalid' && !this.skipInvalid) {
        throw new OpenApiImportError('OPENAPI_OPERATION', { file, pointer: op.pointer, reason }, [
          { file, pointer: op.pointer, code: 'invalid_operation', message: reason },
        ]);
      }
      this.skipped.push(entry);
    };
    if (!isPlainObject(op.operation) || typeof op.operation.$ref === 'string') {
      skip('invalid', 'operation is not an object (unresolved $ref?)');
      return;
    }
    const operation = op.operation;
    const tags = Array.isArray(operation.tags)
      ? operation.tags.filter((t): t is string => typeof t === 'string' && t.trim() !== '' && t.length <= 256)
      : [];
    const why = this.filter({
      method: op.method,
      path: op.path,
      operationId: op.mapping.operationId,
      derivedName: op.mapping.name,
      tags,
    });
    if (why !== undefined) {
      this.filtered++;
      return;
    }
    if (operation.deprecated === true && this.context.options.deprecated === 'skip') {
      skip('deprecated', 'operation is deprecated');
      return;
    }
    let input: ToolInput;
    try {
      input = buildTool(this.doc, op, operation, tags, this.context);
    } catch (error) {
      if (OpenApiImportError.isInstance(error)) throw error;
      skip('invalid', `could not be converted: ${(error as Error).message}`);
      return;
    }
    const parsed = safeParseTool(input);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.pointer}: ${i.message}`);
      skip('invalid', `not a valid tool: ${issues.join('; ')}`);
      return;
    }
    this.tools.push(parsed.tool);
    if (op.mapping.reasons.length > 0) this.renamed.push(op.mapping);
  }
}
