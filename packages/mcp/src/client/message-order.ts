import {
  isJSONRPCErrorResponse,
  isJSONRPCResultResponse,
  type Transport,
} from '@modelcontextprotocol/client';

/**
 * Settles each response behind the notifications read before it. The SDK dispatches an inbound
 * notification one microtask after it arrives but settles a response at once, so progress a server
 * sent just before its result (its last step; every step when they arrive in one read, as under
 * load) reached nobody: the call had settled and its progress handler was gone.
 */
export function settleResponsesInOrder(transport: Transport): void {
  const dispatch = transport.onmessage;
  if (!dispatch) return;
  transport.onmessage = (message, extra) => {
    if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message))
      queueMicrotask(() => dispatch.call(transport, message, extra));
    else dispatch.call(transport, message, extra);
  };
}
