/**
 * The taxonomy wire forms (spec "Taxonomy term"; the rest designed in docs/api/reference-resources.md and
 * docs/api/content-catalog.md). The serializers' return types are inferred from these schemas.
 */
import { z } from '../../openapi/zod';

const termShape = {
  id: z.int(),
  taxonomy_id: z.int(),
  taxonomy_slug: z.string(),
  parent_id: z.int().nullable(),
  slug: z.string(),
  names: z.string().openapi({ description: 'Plain text in the server language (not a language object).' }),
  position: z.int(),
};

/** A term as `taxons[]` of a product carries it. */
export const TermSchema = z.strictObject(termShape).openapi('Term', { description: 'A taxonomy term.' });

/** A term of `GET /taxonomies` with its sub-terms (`[]` for a leaf). */
// The getters name the registered schema at run time (a `$ref` in the document) and the unregistered
// object in their type (TypeScript cannot infer a type through `.openapi()` on a recursive object, nor through a spread
// shape, so the term fields are listed again).
const TaxonomyTermNodeObject = z.strictObject({
  id: z.int(),
  taxonomy_id: z.int(),
  taxonomy_slug: z.string(),
  parent_id: z.int().nullable(),
  slug: z.string(),
  names: z.string().openapi({ description: 'Plain text in the server language (not a language object).' }),
  position: z.int(),
  get children(): z.ZodArray<typeof TaxonomyTermNodeObject> {
    return z.array(TaxonomyTermNodeSchema);
  },
});
export const TaxonomyTermNodeSchema = TaxonomyTermNodeObject.openapi('TaxonomyTermNode', {
  description: 'A term with its sub-terms; `[]` for a leaf.',
});

export const TaxonomySchema = z
  .strictObject({
    id: z.int(),
    slug: z.string(),
    labels: z.string().openapi({ description: 'Plain text in the server language.' }),
    position: z.int(),
    terms: z.array(TaxonomyTermNodeSchema),
  })
  .openapi('Taxonomy', { description: 'A public (frontend) dimension with its term tree.' });

const contentTaxonomyShape = {
  id: z.int(),
  slug: z.string(),
  labels: z.string(),
  position: z.int(),
  terms_count: z.int(),
};

export const ContentTaxonomySchema = z
  .strictObject(contentTaxonomyShape)
  .openapi('ContentTaxonomy', { description: 'A dimension of `/content/taxonomies`, without terms.' });

const ContentTermNodeObject = z.strictObject({
  id: z.int(),
  taxonomy_id: z.int(),
  taxonomy_slug: z.string(),
  parent_id: z.int().nullable(),
  slug: z.string(),
  names: z.string().openapi({ description: 'Plain text in the server language (not a language object).' }),
  position: z.int(),
  path: z.string().openapi({ description: 'The names from the root down to this term, joined with ` / `.' }),
  products_count: z
    .int()
    .openapi({ description: 'Distinct active products tagged with this term or any descendant.' }),
  get children(): z.ZodArray<typeof ContentTermNodeObject> {
    return z.array(ContentTermNodeSchema);
  },
});
export const ContentTermNodeSchema = ContentTermNodeObject.openapi('ContentTermNode');

export const ContentTaxonomyDetailSchema = z
  .strictObject({ ...contentTaxonomyShape, terms: z.array(ContentTermNodeSchema) })
  .openapi('ContentTaxonomyDetail', { description: 'A dimension with its full term tree.' });
