/**
 * PDF catalogs (the earlier overview's `/catalogs`, docs/api/legacy.md): the optional `catalogs.ndjson` of a
 * snapshot (docs/snapshot-catalogs.md). One row per catalog with its PDF stored like a media original
 * (content-addressed under MEDIA_ROOT). Public while `status = 'published'` and inside its validity window,
 * checked per request (`valid_from`, `valid_until` depend on the clock).
 */
import type { Knex } from 'knex';

const TIMESTAMPTZ = { useTz: true };

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('catalogs', (t) => {
    t.integer('id').primary();
    t.text('slug').notNullable();
    t.text('title').notNullable();
    t.text('subtitle');
    t.text('description');
    t.text('language').notNullable();
    t.text('format');
    t.integer('page_count');
    t.text('status').notNullable();
    t.timestamp('valid_from', TIMESTAMPTZ);
    t.timestamp('valid_until', TIMESTAMPTZ);
    t.timestamp('generated_at', TIMESTAMPTZ);
    t.integer('position').notNullable().defaultTo(0);
    t.text('file_path').notNullable().comment('path under MEDIA_ROOT (content-addressed)');
    t.specificType('file_sha256', 'char(64)').notNullable();
    t.text('file_name').notNullable();
    t.bigInteger('size').notNullable();
    t.timestamp('created_at', TIMESTAMPTZ);
    t.timestamp('updated_at', TIMESTAMPTZ);
    t.text('source_hash').notNullable();
    t.unique(['slug'], { indexName: 'catalogs_slug_unique', deferrable: 'deferred' });
  });
  await knex.raw(
    "ALTER TABLE catalogs ADD CONSTRAINT catalogs_status_check CHECK (status IN ('published', 'draft'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('catalogs');
}
