/** `GET /user` (spec "GET /user"): the user the token belongs to, for any valid token. */
import type { AppDeps } from '../../deps';
import { reply } from '../../http/caching';
import { wireTimestamp } from '../../catalog/wire';
import { authOf } from '../../http/auth';
import { ApiError } from '../../http/errors';
import type { RouteHandler } from '../../http/router';

/** The spec's user object: id, name, email, email_verified_at, created_at, updated_at (never permissions). */
export function show(deps: AppDeps): RouteHandler<undefined> {
  return async (req) => {
    const user = await deps
      .db('users')
      .first('id', 'name', 'email', 'email_verified_at', 'created_at', 'updated_at')
      .where('id', authOf(req).userId);
    if (!user) throw new ApiError(401); // deleted since the token was checked
    return reply({
      data: {
        id: Number(user.id),
        name: String(user.name),
        email: String(user.email),
        email_verified_at: wireTimestamp(user.email_verified_at as Date | null),
        created_at: wireTimestamp(user.created_at as Date | null),
        updated_at: wireTimestamp(user.updated_at as Date | null),
      },
    });
  };
}
