/**
 * `npm run token:create -- --email <e-mail> [--profile content|media|full|operator] [--abilities a,b] [--name <label>]`
 * prints the plain token alone on the last line of standard output (shown once, stored only as a hash);
 * `npm run token:list` lists id, name, user, abilities, created, last used, revoked (never the token);
 * `npm run token:revoke -- <id>`. Usage errors print one line and exit 1.
 */
import { parseArgs } from 'node:util';
import { getConfig } from '../../config/env';
import { createDb } from '../db/database';
import { createToken, listTokens, PROFILES, revokeToken, TokenError, type Profile } from '../tokens/tokens';
import { exitWithError } from './exit';

const when = (d: Date | null) => (d ? d.toISOString().replace('T', ' ').slice(0, 19) : '-');

async function run(command: string | undefined, args: string[]): Promise<void> {
  const db = createDb(getConfig().databaseUrl, 1);
  try {
    if (command === 'create') {
      const { values } = parseArgs({
        args,
        options: {
          email: { type: 'string' },
          profile: { type: 'string', default: 'content' },
          abilities: { type: 'string' },
          name: { type: 'string', default: 'api token' },
        },
      });
      if (!values.email) throw new TokenError('--email <user e-mail> is required');
      if (!Object.hasOwn(PROFILES, values.profile)) {
        throw new TokenError(`unknown profile ${values.profile} (use ${Object.keys(PROFILES).join(', ')})`);
      }
      const abilities = values.abilities
        ? values.abilities
            .split(',')
            .map((a) => a.trim())
            .filter(Boolean)
        : PROFILES[values.profile as Profile];
      const token = await createToken(db, { email: values.email, abilities, name: values.name });
      console.log(
        `Token ${token.id} for ${values.email} (${token.abilities.join(', ')}). It is shown only now:`,
      );
      console.log(token.plain);
    } else if (command === 'list') {
      const tokens = await listTokens(db);
      console.table(
        tokens.map((t) => ({
          id: t.id,
          name: t.name,
          user: t.user,
          abilities: t.abilities.join(','),
          created: when(t.created_at),
          'last used': when(t.last_used_at),
          revoked: when(t.revoked_at),
        })),
      );
    } else if (command === 'revoke') {
      const id = args[0];
      if (!id || !/^\d+$/.test(id)) throw new TokenError('usage: npm run token:revoke -- <id>');
      await revokeToken(db, Number(id));
      console.log(`Token ${id} revoked.`);
    } else {
      throw new TokenError('usage: token.ts create|list|revoke ...');
    }
  } finally {
    await db.destroy();
  }
}

run(process.argv[2], process.argv.slice(3)).catch((error: unknown) =>
  exitWithError(`token:${process.argv[2] ?? ''} failed`, error),
);
