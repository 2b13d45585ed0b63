/**
 * `personal_access_tokens.abilities` without a column default: a token row written without its abilities
 * fails (NOT NULL) instead of silently getting full access (`["*"]`). Every token is made by
 * src/tokens/tokens.ts `createToken`, which always writes the list it was given (at least one ability).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE personal_access_tokens ALTER COLUMN abilities DROP DEFAULT');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE personal_access_tokens ALTER COLUMN abilities SET DEFAULT '["*"]'::jsonb`);
}
