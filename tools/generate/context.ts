/**
 * Everything record builders share: the plan, the fixed vocabularies (tractors, taxonomies, folders)
 * and where the forced article cases sit.
 */
import { buildFolders, type Folders } from './folders';
import type { Plan } from './plan';
import { ARTICLE_CASES, spreadIndex, type ArticleCase } from './scenarios';
import { buildTaxonomies, type Taxonomies } from './taxonomies';
import { buildTractors, type Tractors } from './tractors';

export interface GenContext {
  plan: Plan;
  seed: number;
  tractors: Tractors;
  taxonomies: Taxonomies;
  folders: Folders;
  /** Article index (mains first, then spares) → forced case. */
  articleCases: Map<number, ArticleCase>;
}

export function createContext(plan: Plan): GenContext {
  const articleCases = new Map<number, ArticleCase>();
  const mainCases = ARTICLE_CASES.filter((c) => c.target === 'main');
  const spareCases = ARTICLE_CASES.filter((c) => c.target === 'spare');
  mainCases.forEach((c, k) => articleCases.set(spreadIndex(k, mainCases.length, plan.mains), c.key));
  // The last spare is the planned orphan; keep forced cases off it so each case stays visible.
  spareCases.forEach((c, k) =>
    articleCases.set(plan.mains + spreadIndex(k, spareCases.length, plan.spares.count - 1), c.key),
  );
  return {
    plan,
    seed: plan.seed,
    tractors: buildTractors(plan.seed),
    taxonomies: buildTaxonomies(),
    folders: buildFolders(),
    articleCases,
  };
}
