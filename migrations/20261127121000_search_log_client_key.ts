/**
 * Two columns of `search_log` that let `/search/suggestions` count clients instead of the sessions a
 * client names itself (docs/api/search-log.md, docs/api/search-suggestions.md):
 * - `client_key`: the anonymous per-day key of the client that searched (16 hex digits of an HMAC of its
 *   address under a random key of the UTC day that lives only in Redis; src/search-log/cap.ts). Never the
 *   address. NULL on rows logged before this column existed: they count for no client.
 * - `suggestible`: false when the query holds a URL, an e-mail address or a phone number
 *   (src/search-log/suggestible.ts), decided when the row is written. False on older rows, which are
 *   never suggested (they have no client key either).
 *
 * Both are added without a table rewrite (a NULL column, a constant default), so a large log keeps taking
 * writes. The analysts' views name their columns and are unchanged.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('search_log', (t) => {
    t.text('client_key').comment('anonymous per-day client key: HMAC of the address under a daily key');
    t.boolean('suggestible')
      .notNullable()
      .defaultTo(false)
      .comment('no URL, e-mail address or phone number in query');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('search_log', (t) => {
    t.dropColumn('suggestible');
    t.dropColumn('client_key');
  });
}
