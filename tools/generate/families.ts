/**
 * Product families of the fictional maker (Hofmeister Landtechnik, as in the sample snapshot): names in
 * de/en/fr, designation codes and model numbers, order-number blocks, taxonomy terms, keywords, main
 * article options and the feature template (see features.ts). Pure data; `FAMILIES[i].key` is stable.
 */
import { GRASSLAND_FAMILIES } from './data/families-grassland';
import { HARVEST_FAMILIES } from './data/families-harvest';
import { LOADER_FAMILIES } from './data/families-loader';

import type { Family } from './family-types';

export type { Family, Kind, Tri } from './family-types';

export const FAMILIES: readonly Family[] = [...GRASSLAND_FAMILIES, ...HARVEST_FAMILIES, ...LOADER_FAMILIES];

export const FAMILY_COUNT = FAMILIES.length;
