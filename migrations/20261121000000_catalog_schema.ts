/**
 * The whole data model of the spec and of the snapshot format, in one migration.
 *
 * Conventions:
 * - Catalog ids are the PIM's ids (snapshot `id`), not sequences.
 * - `source_hash` is the md5 of the normalized snapshot record; the importer updates a row only when it
 *   differs, which makes a second import of the same snapshot a no-op (snapshot format, "Import semantics").
 * - Foreign keys between catalog records and unique slugs are DEFERRABLE INITIALLY DEFERRED: a snapshot is
 *   applied in one transaction in any order and checked at commit.
 * - Product relation rows and search keywords have no FKs (bulk rows, see below); renditions, uploads and
 *   tokens cascade with their owner.
 * - `price` and `stock` exist because the PIM sends them; no endpoint ever selects them (spec rule 5).
 */
import type { Knex } from 'knex';

const TIMESTAMPTZ = { useTz: true };

function checkIn(table: string, column: string, values: string[]): string {
  const list = values.map((v) => `'${v}'`).join(', ');
  return `ALTER TABLE ${table} ADD CONSTRAINT ${table}_${column}_check CHECK (${column} IN (${list}))`;
}

const MEDIA_TYPES = [
  'image',
  'datasheet',
  'manual',
  'brochure',
  'three_d_view',
  'view_360',
  'technical_drawing',
  'video',
  'audio',
  'logo',
  'icon',
  'cad',
  'interactive_image',
];

const BUILTIN_IMAGE_FORMATS = [
  { key: 'thumb', label: 'Vorschaubild', width: 300, height: 300, fit: 'crop', position: 1 },
  { key: 'mini', label: 'Mini', width: 120, height: 120, fit: 'crop', position: 2 },
  { key: 'tile', label: 'Kachel', width: 480, height: 480, fit: 'crop', position: 3 },
  { key: 'preview', label: 'Vorschau', width: 800, height: 800, fit: 'max', position: 4 },
  { key: 'hero', label: 'Hero', width: 1920, height: 1080, fit: 'max', position: 5 },
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('manufacturers', (t) => {
    t.integer('id').primary();
    t.text('slug').notNullable();
    t.text('short_name');
    t.jsonb('names').notNullable();
    t.boolean('is_active').notNullable();
    t.timestamp('created_at', TIMESTAMPTZ);
    t.timestamp('updated_at', TIMESTAMPTZ);
    t.text('source_hash').notNullable();
    t.unique(['slug'], { indexName: 'manufacturers_slug_unique', deferrable: 'deferred' });
  });

  await knex.schema.createTable('tractor_series', (t) => {
    t.integer('id').primary();
    t.text('slug').notNullable();
    t.text('name');
    t.integer('manufacturer_id').notNullable().references('manufacturers.id').deferrable('deferred');
    t.text('source_hash').notNullable();
    t.unique(['slug'], { indexName: 'tractor_series_slug_unique', deferrable: 'deferred' });
    t.index(['manufacturer_id']);
  });

  await knex.schema.createTable('tractor_models', (t) => {
    t.integer('id').primary();
    t.text('identifier');
    t.text('model').notNullable();
    t.text('type_of_tractor');
    t.integer('manufacturer_id').references('manufacturers.id').deferrable('deferred');
    t.integer('tractor_series_id').references('tractor_series.id').deferrable('deferred');
    t.text('source_hash').notNullable();
    t.index(['manufacturer_id']);
    t.index(['tractor_series_id']);
    t.index(['model']);
  });

  await knex.schema.createTable('taxonomies', (t) => {
    t.integer('id').primary();
    t.text('slug').notNullable();
    t.text('label').notNullable();
    t.boolean('frontend').notNullable();
    t.integer('position').notNullable().defaultTo(0);
    t.text('source_hash').notNullable();
    t.unique(['slug'], { indexName: 'taxonomies_slug_unique', deferrable: 'deferred' });
  });

  await knex.schema.createTable('taxons', (t) => {
    t.integer('id').primary();
    t.integer('taxonomy_id').notNullable().references('taxonomies.id').deferrable('deferred');
    t.integer('parent_id').references('taxons.id').deferrable('deferred');
    t.text('slug').notNullable();
    t.text('name').notNullable();
    t.integer('position').notNullable().defaultTo(0);
    t.text('source_hash').notNullable();
    t.unique(['taxonomy_id', 'slug'], { indexName: 'taxons_taxonomy_slug_unique', deferrable: 'deferred' });
    t.index(['slug']);
    t.index(['parent_id']);
  });

  await knex.schema.createTable('articles', (t) => {
    t.integer('id').primary();
    t.text('type').notNullable();
    t.text('type_code');
    t.text('ordernumber').notNullable();
    t.jsonb('names').notNullable();
    t.jsonb('short_names');
    t.jsonb('descriptions');
    t.decimal('weight', 12, 3);
    t.text('customs_tariff_number');
    t.date('sale_start');
    t.date('end_of_life');
    t.boolean('is_active').notNullable();
    t.decimal('price', 14, 2);
    t.integer('stock');
    t.timestamp('created_at', TIMESTAMPTZ);
    t.timestamp('updated_at', TIMESTAMPTZ);
    t.text('source_hash').notNullable();
    t.unique(['ordernumber'], { indexName: 'articles_ordernumber_unique', deferrable: 'deferred' });
  });
  await knex.raw(checkIn('articles', 'type', ['main', 'spare']));

  await knex.schema.createTable('products', (t) => {
    t.integer('id').primary();
    t.text('slug').notNullable();
    t.text('objekttyp');
    t.text('ordernumber');
    t.jsonb('names').notNullable();
    t.jsonb('descriptions');
    t.jsonb('texts');
    t.text('product_page_url');
    t.jsonb('features');
    t.date('sale_start');
    t.date('end_of_life');
    t.boolean('is_active').notNullable();
    t.timestamp('created_at', TIMESTAMPTZ);
    t.timestamp('updated_at', TIMESTAMPTZ);
    t.text('source_hash').notNullable();
    t.unique(['slug'], { indexName: 'products_slug_unique', deferrable: 'deferred' });
    t.index(['ordernumber']);
  });
  await knex.raw(checkIn('products', 'objekttyp', ['produktgruppe', 'produkt', 'modellvariante']));

  // Relation rows carry no foreign keys: they are bulk rows (a large catalog has millions), written only by
  // the importer, which checks every reference before writing and deletes the relation rows of a deleted
  // record itself. Row-by-row FK triggers would triple the import time of a large snapshot.
  const relation = (name: string, column: string) =>
    knex.schema.createTable(name, (t) => {
      t.integer('product_id').notNullable();
      t.integer(column).notNullable();
      t.integer('position').notNullable().defaultTo(0);
      t.primary(['product_id', column]);
      t.index([column]);
    });
  await relation('product_taxons', 'taxon_id');
  await relation('product_manufacturers', 'manufacturer_id');
  await relation('product_tractor_models', 'tractor_model_id');
  await relation('product_articles', 'article_id');

  await knex.schema.createTable('media_folders', (t) => {
    t.integer('id').primary();
    t.text('name').notNullable();
    t.text('slug').notNullable();
    t.text('description');
    t.integer('parent_id').references('media_folders.id').deferrable('deferred');
    t.integer('position').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable();
    t.text('role_restriction');
    t.text('source_hash').notNullable();
    t.unique(['slug'], { indexName: 'media_folders_slug_unique', deferrable: 'deferred' });
    t.index(['parent_id']);
  });

  await knex.schema.createTable('media', (t) => {
    t.integer('id').primary();
    t.text('source_id');
    t.text('name').notNullable();
    t.text('file_name').notNullable();
    t.text('mime_type').notNullable();
    t.text('type').notNullable();
    t.bigInteger('size');
    t.text('file_path').comment('path under MEDIA_ROOT (content-addressed); null while not taken over');
    t.specificType('file_sha256', 'char(64)');
    t.text('alt');
    t.text('title');
    t.text('caption');
    t.text('description');
    t.text('copyright');
    t.text('license');
    t.text('ki_status');
    t.text('release_status').notNullable();
    t.specificType('release_channels', 'text[]').notNullable().defaultTo('{}');
    t.timestamp('valid_until', TIMESTAMPTZ);
    t.integer('folder_id').references('media_folders.id').deferrable('deferred');
    t.timestamp('trashed_at', TIMESTAMPTZ);
    t.timestamp('created_at', TIMESTAMPTZ).notNullable();
    t.timestamp('updated_at', TIMESTAMPTZ);
    t.text('source_hash').notNullable();
    t.unique(['source_id'], { indexName: 'media_source_id_unique', deferrable: 'deferred' });
    t.index(['folder_id']);
    t.index(['created_at']);
  });
  await knex.raw(checkIn('media', 'type', MEDIA_TYPES));
  await knex.raw(checkIn('media', 'ki_status', ['ungeprueft_altbestand', 'ki_generiert', 'kein_ki']));
  await knex.raw(
    checkIn('media', 'release_status', ['released', 'released_channels', 'draft', 'in_review', 'blocked']),
  );

  await knex.schema.createTable('product_media_links', (t) => {
    t.integer('product_id').notNullable(); // no FKs: see the relation tables above
    t.integer('media_id').notNullable();
    t.text('role').notNullable();
    t.boolean('is_main').notNullable().defaultTo(false);
    t.integer('position').notNullable().defaultTo(0);
    t.specificType('usages', 'text[]').notNullable().defaultTo('{}');
    t.primary(['product_id', 'media_id', 'role']);
    t.index(['media_id']);
  });

  await knex.schema.createTable('product_uploads', (t) => {
    t.integer('id').primary();
    t.integer('product_id')
      .notNullable()
      .references('products.id')
      .onDelete('CASCADE')
      .deferrable('deferred');
    t.text('file_path').notNullable().comment('path under MEDIA_ROOT (content-addressed)');
    t.specificType('file_sha256', 'char(64)').notNullable();
    t.text('file_name').notNullable();
    t.text('mime_type').notNullable();
    t.bigInteger('size').notNullable();
    t.text('name');
    t.text('alt');
    t.text('title');
    t.integer('position').notNullable().defaultTo(0);
    t.timestamp('created_at', TIMESTAMPTZ);
    t.text('source_hash').notNullable();
    t.index(['product_id']);
  });

  await knex.schema.createTable('search_keywords', (t) => {
    t.bigIncrements('id');
    t.integer('product_id'); // no FKs: see the relation tables above
    t.integer('media_id');
    t.text('keyword').notNullable();
    t.integer('position').notNullable().defaultTo(0);
    t.index(['product_id']);
    t.index(['media_id']);
  });
  await knex.raw(
    'ALTER TABLE search_keywords ADD CONSTRAINT search_keywords_owner_check CHECK (num_nonnulls(product_id, media_id) = 1)',
  );

  await knex.schema.createTable('image_formats', (t) => {
    t.text('key').primary();
    t.text('label').notNullable();
    t.integer('width');
    t.integer('height');
    t.text('fit').notNullable();
    t.integer('quality');
    t.integer('position').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.boolean('is_builtin').notNullable().defaultTo(false);
    t.text('source_hash');
  });
  await knex.raw(checkIn('image_formats', 'fit', ['crop', 'max', 'contain']));
  await knex.raw(
    'ALTER TABLE image_formats ADD CONSTRAINT image_formats_quality_check CHECK (quality IS NULL OR quality BETWEEN 1 AND 100)',
  );
  await knex('image_formats').insert(
    BUILTIN_IMAGE_FORMATS.map((f) => ({ ...f, quality: null, is_active: true, is_builtin: true })),
  );

  await knex.schema.createTable('renditions', (t) => {
    t.bigIncrements('id');
    t.integer('media_id').references('media.id').onDelete('CASCADE');
    t.integer('upload_id').references('product_uploads.id').onDelete('CASCADE');
    t.text('format_key')
      .notNullable()
      .references('image_formats.key')
      .onDelete('CASCADE')
      .onUpdate('CASCADE');
    t.text('file_path').notNullable().comment('path under MEDIA_ROOT');
    t.text('mime_type').notNullable();
    t.integer('width').notNullable().comment('real pixel width');
    t.integer('height').notNullable().comment('real pixel height');
    t.bigInteger('size').notNullable().comment('bytes');
    t.specificType('source_sha256', 'char(64)')
      .notNullable()
      .comment('sha256 of the original it was made from');
    t.text('format_signature').notNullable().comment('fit/size/quality the rendition was made with');
    t.timestamp('created_at', TIMESTAMPTZ).notNullable().defaultTo(knex.fn.now());
    t.unique(['media_id', 'format_key']);
    t.unique(['upload_id', 'format_key']);
  });
  await knex.raw(
    'ALTER TABLE renditions ADD CONSTRAINT renditions_owner_check CHECK (num_nonnulls(media_id, upload_id) = 1)',
  );

  await knex.schema.createTable('synonyms', (t) => {
    t.increments('id');
    t.text('kind').notNullable().comment('mutual: every term means every other; one_way: input -> terms');
    t.text('input').comment('one_way only');
    t.specificType('terms', 'text[]').notNullable();
    t.text('source_hash').notNullable().unique();
  });
  await knex.raw(checkIn('synonyms', 'kind', ['mutual', 'one_way']));

  await knex.schema.createTable('users', (t) => {
    t.integer('id').primary();
    t.text('name').notNullable();
    t.text('email').notNullable();
    t.timestamp('email_verified_at', TIMESTAMPTZ);
    t.specificType('permissions', 'text[]').notNullable().defaultTo('{}');
    t.timestamp('created_at', TIMESTAMPTZ);
    t.timestamp('updated_at', TIMESTAMPTZ);
    t.text('source_hash').notNullable();
    t.unique(['email'], { indexName: 'users_email_unique', deferrable: 'deferred' });
  });

  await knex.schema.createTable('personal_access_tokens', (t) => {
    t.bigIncrements('id');
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.specificType('token_hash', 'char(64)').notNullable().unique().comment('sha256 hex of the secret part');
    t.jsonb('abilities').notNullable().defaultTo('["*"]');
    t.timestamp('last_used_at', TIMESTAMPTZ);
    t.timestamp('revoked_at', TIMESTAMPTZ);
    t.timestamp('created_at', TIMESTAMPTZ).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', TIMESTAMPTZ).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
  });

  // Anonymous: no IP, no token, no user agent (spec "Search semantics").
  await knex.schema.createTable('search_log', (t) => {
    t.bigIncrements('id');
    t.text('query').notNullable().comment('normalized query');
    t.text('endpoint').notNullable();
    t.jsonb('filters').notNullable().defaultTo('{}');
    t.integer('result_count').notNullable();
    t.text('session_id');
    t.timestamp('created_at', TIMESTAMPTZ).notNullable().defaultTo(knex.fn.now());
    t.index(['created_at']);
    t.index(['query']);
    t.index(['session_id', 'created_at']);
  });

  // Written in the import's transaction, drained by the indexer (at-least-once).
  await knex.schema.createTable('index_outbox', (t) => {
    t.bigIncrements('id');
    t.text('entity').notNullable();
    t.text('entity_id').notNullable();
    t.text('action').notNullable();
    t.timestamp('created_at', TIMESTAMPTZ).notNullable().defaultTo(knex.fn.now());
    t.timestamp('processed_at', TIMESTAMPTZ);
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
  });
  await knex.raw(checkIn('index_outbox', 'action', ['upsert', 'delete']));
  await knex.raw('CREATE INDEX index_outbox_pending ON index_outbox (id) WHERE processed_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  const tables = [
    'index_outbox',
    'search_log',
    'personal_access_tokens',
    'users',
    'synonyms',
    'renditions',
    'image_formats',
    'search_keywords',
    'product_uploads',
    'product_media_links',
    'media',
    'media_folders',
    'product_articles',
    'product_tractor_models',
    'product_manufacturers',
    'product_taxons',
    'products',
    'articles',
    'taxons',
    'taxonomies',
    'tractor_models',
    'tractor_series',
    'manufacturers',
  ];
  for (const table of tables) await knex.schema.dropTableIfExists(table);
}
