/**
 * `GET /search/suggestions` (spec "GET /search/suggestions"), any valid token.
 * Placeholder: filled in by issue 5.
 */
import type { AppDeps } from '../../app';
import { ApiError } from '../../http/errors';
import type { Handler } from '../../http/routes';

export function show(_deps: AppDeps): Handler {
  return () => {
    throw new ApiError(404);
  };
}
