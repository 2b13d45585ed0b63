/**
 * The token owner's route (spec "GET /user"); handler in handlers.ts.
 */
import { dataOf, route, type ApiRoute } from '../../http/router';
import { show } from './handlers';
import { UserSchema } from './schema';

/** The user of any valid token. */
export const USER_ROUTES: readonly ApiRoute[] = [
  route({
    method: 'GET',
    path: '/user',
    auth: 'any-token',
    operationId: 'showUser',
    tag: 'Account',
    summary: 'The user the token belongs to',
    response: dataOf(UserSchema),
    okDescription: 'The user.',
    handler: show,
  }),
];
