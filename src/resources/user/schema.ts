/** The user of `GET /user` (spec "User"). */
import { z } from '../../openapi/zod';
import { TimestampSchema } from '../../openapi/wire';

export const UserSchema = z
  .strictObject({
    id: z.int(),
    name: z.string(),
    email: z.string(),
    email_verified_at: TimestampSchema,
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  })
  .openapi('User', { description: 'The user the token belongs to (never its permissions).' });
