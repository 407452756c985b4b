import { NetError } from '../errors.js';

/** The NetError a promise rejects with (anything else, or no rejection, fails the test). */
export async function failure(promise: Promise<unknown>): Promise<NetError> {
  try {
    await promise;
  } catch (error) {
    if (NetError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a NetError');
}
