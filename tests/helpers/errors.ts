import { AppError } from '@/lib/errors';

/** The AppError a call is refused with; fails the test when the call succeeds or throws anything else. */
export async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the call to be refused');
}
