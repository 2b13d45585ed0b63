/** The media folder trees (spec "Media folder"); the serializers' return types are inferred from them. */
import { z } from '../../openapi/zod';

/** A public folder: roots and their sub-folders carry `children`; the third level has no `children` key. */
// The getters name the registered schema at run time (a `$ref` in the document) and the unregistered
// object in their type (TypeScript cannot infer a type through `.openapi()` on a recursive object, nor through a spread
// shape, so the fields are listed in each).
const MediaFolderObject = z.strictObject({
  id: z.int(),
  name: z.string(),
  path: z.string().openapi({ description: 'The names from the root, joined with ` / `.' }),
  slug: z.string().openapi({ description: 'Used for `GET /media?folder=`.' }),
  description: z.string().nullable(),
  parent_id: z.int().nullable(),
  position: z.int(),
  get children(): z.ZodOptional<z.ZodArray<typeof MediaFolderObject>> {
    return z.array(MediaFolderSchema).optional().openapi({
      description:
        'Sub-folders. Filled two levels deep: on the third level the field is absent, even when deeper folders exist.',
    });
  },
});
export const MediaFolderSchema = MediaFolderObject.openapi('MediaFolder');

/** A folder of the CMS tree: every level has `children`. */
const CmsFolderObject = z.strictObject({
  id: z.int(),
  name: z.string(),
  path: z.string().openapi({ description: 'The names from the root, joined with ` / `.' }),
  slug: z.string().openapi({ description: 'Used for `GET /media?folder=`.' }),
  description: z.string().nullable(),
  parent_id: z.int().nullable(),
  position: z.int(),
  role_restriction: z
    .string()
    .nullable()
    .openapi({ description: 'E.g. `haendler`: the website does not show the folder; the CMS does.' }),
  get children(): z.ZodArray<typeof CmsFolderObject> {
    return z.array(CmsFolderSchema);
  },
});
export const CmsFolderSchema = CmsFolderObject.openapi('CmsFolder');
