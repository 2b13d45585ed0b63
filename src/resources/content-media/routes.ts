/**
 * The CMS media endpoints (spec "Protected media endpoints"), ability `content:media:read`.
 * Placeholder: filled in by issue 5.
 */
import type { AppDeps } from '../../app';
import { ApiError } from '../../http/errors';
import type { Handler } from '../../http/routes';

const notYet =
  (_deps: AppDeps): Handler =>
  () => {
    throw new ApiError(404);
  };

export const list = notYet;
export const show = notYet;
export const preview = notYet;
export const download = notYet;
export const folders = notYet;
