import { AppError } from '../../../server/http/errors';

/** The AppError `run` throws. Any other error is thrown on; none at all fails with `missing`. */
export function thrownAppError(run: () => unknown, missing = 'expected an AppError'): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(missing);
}
