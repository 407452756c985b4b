import {
  ProtocolError,
  ProtocolErrorCode,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
} from '@modelcontextprotocol/client';
import { ToolRunError } from '@toolarsenal/toolrun';

const MAX_MESSAGE = 500;

/**
 * Maps what the SDK throws for one `tools/call` onto toolrun's error taxonomy (the Arsenal
 * document's: not found, invalid arguments, timeout, protocol, transport). Transport failures
 * after the request left are never retryable: the server may have run the call.
 */
export function mapCallError(error: unknown, server: string, tool: string): ToolRunError {
  if (ToolRunError.isInstance(error)) return error;
  const where = `MCP server "${server}"`;
  const text = clip(error instanceof Error ? error.message : String(error));
  if (/output ?schema|structured ?content/i.test(text))
    return new ToolRunError('failure', 'INVALID_OUTPUT', `${where}: ${text}`, { details: { server } });
  if (error instanceof ProtocolError) {
    const details = { server, rpcCode: error.code };
    if (error.code === ProtocolErrorCode.InvalidParams) {
      if (/unknown tool|tool\b.*\bnot found|no such tool/i.test(error.message))
        return new ToolRunError('not_found', 'TOOL_NOT_FOUND', `${where} has no tool "${tool}": ${text}`, {
          details,
        });
      return new ToolRunError(
        'invalid_arguments',
        'INVALID_ARGUMENTS',
        `${where} rejected the arguments: ${text}`,
        {
          details,
        },
      );
    }
    if (error.code === ProtocolErrorCode.MethodNotFound)
      return new ToolRunError(
        'failure',
        'MCP_PROTOCOL_ERROR',
        `${where} does not support tools/call: ${text}`,
        {
          details,
        },
      );
    return new ToolRunError('failure', 'MCP_PROTOCOL_ERROR', `${where} answered with an error: ${text}`, {
      details,
    });
  }
  if (error instanceof SdkHttpError) {
    const details = { server, httpStatus: error.status };
    if (error.status === 401 || error.status === 403)
      return new ToolRunError(
        'permission_denied',
        'MCP_UNAUTHORIZED',
        `${where} refused the credentials: ${text}`,
        {
          details,
        },
      );
    return new ToolRunError('failure', 'MCP_TRANSPORT_ERROR', `${where} HTTP error: ${text}`, {
      details,
      retryable: error.status === 429 || error.status === 503,
    });
  }
  if (error instanceof SdkError) {
    const details = { server, sdkCode: error.code };
    switch (error.code) {
      case SdkErrorCode.RequestTimeout:
        return new ToolRunError('timeout', 'TIMEOUT', `${where} did not answer "${tool}" in time.`, {
          details,
        });
      case SdkErrorCode.NotConnected:
        return unavailable(server, 'is not connected');
      case SdkErrorCode.InvalidResult:
      case SdkErrorCode.UnsupportedResultType:
      case SdkErrorCode.InputRequiredRoundsExceeded:
        return new ToolRunError(
          'failure',
          'MCP_PROTOCOL_ERROR',
          `${where} sent an unusable result: ${text}`,
          {
            details,
          },
        );
      case SdkErrorCode.CapabilityNotSupported:
      case SdkErrorCode.MethodNotSupportedByProtocolVersion:
        return new ToolRunError('failure', 'MCP_PROTOCOL_ERROR', `${where}: ${text}`, { details });
      default:
        return new ToolRunError(
          'failure',
          'MCP_TRANSPORT_ERROR',
          `${where} connection failed during the call: ${text}`,
          {
            details,
          },
        );
    }
  }
  return new ToolRunError('failure', 'MCP_TRANSPORT_ERROR', `${where}: ${text}`, { details: { server } });
}

/** Calls to a server that is down fail fast; nothing was sent, so retrying later is safe. */
export function unavailable(server: string, why: string): ToolRunError {
  return new ToolRunError(
    'failure',
    'MCP_SERVER_UNAVAILABLE',
    `MCP server "${server}" ${why}; its tools are unavailable until it reconnects.`,
    { retryable: true, details: { server } },
  );
}

function clip(text: string): string {
  return text.length <= MAX_MESSAGE ? text : `${text.slice(0, MAX_MESSAGE)}…`;
}
