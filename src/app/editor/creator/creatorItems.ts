// Node creator items (spec 001 §2.6) from node-type descriptions: tabs All / Regular /
// Trigger, categories from codex.categories (first expanded), subcategories as sub-panels,
// and a ranked search over display names, aliases and descriptions.
import { isTriggerType, type INodeTypeDescription } from '../../../model/nodeTypes.ts';

export type CreatorTab = 'All' | 'Regular' | 'Trigger';
export const CREATOR_TABS: CreatorTab[] = ['All', 'Regular', 'Trigger'];

export const CORE_CATEGORY = 'Core Nodes';
export const OTHER_CATEGORY = 'Miscellaneous';

export interface CreatorNodeItem {
  type: 'node';
  key: string;
  nodeType: string;
  displayName: string;
  description: string;
  icon?: string;
  /** A 'file:' icon's address (community package nodes). */
  iconUrl?: string;
  iconColor?: string;
  isTrigger: boolean;
  /** Inclusion flags per tab. */
  includedByTrigger: boolean;
  includedByRegular: boolean;
  alias: string[];
}

export interface CreatorSubcategory {
  type: 'subcategory';
  key: string;
  category: string;
  subcategory: string;
  nodes: CreatorNodeItem[];
}

export interface CreatorCategory {
  type: 'category';
  key: string;
  category: string;
  /** Nodes of the category without a subcategory. */
  nodes: CreatorNodeItem[];
  subcategories: CreatorSubcategory[];
}

export function toNodeItem(d: INodeTypeDescription): CreatorNodeItem {
  const trigger = isTriggerType(d);
  // A community package's description is what its JavaScript says: a missing description,
  // display name or alias must not break the search (it crashed the editor on the first letter).
  return {
    type: 'node',
    key: d.name,
    nodeType: d.name,
    displayName: typeof d.displayName === 'string' ? d.displayName : d.name,
    description: typeof d.description === 'string' ? d.description : '',
    icon: d.icon,
    iconUrl: d.iconUrl,
    iconColor: d.iconColor ?? d.defaults?.color,
    isTrigger: trigger,
    includedByTrigger: trigger,
    includedByRegular: !trigger,
    alias: Array.isArray(d.codex?.alias) ? d.codex.alias.filter((a): a is string => typeof a === 'string') : [],
  };
}

function inTab(item: CreatorNodeItem, tab: CreatorTab): boolean {
  return tab === 'All' || (tab === 'Trigger' ? item.includedByTrigger : item.includedByRegular);
}

function categoryOrder(a: string, b: string): number {
  if (a === b) return 0;
  if (a === CORE_CATEGORY) return -1;
  if (b === CORE_CATEGORY) return 1;
  if (a === OTHER_CATEGORY) return 1;
  if (b === OTHER_CATEGORY) return -1;
  return a.localeCompare(b);
}

/** Categories with the nodes of the tab; a node appears in each of its categories. Empty ones are left out. */
export function categorise(descriptions: INodeTypeDescription[], tab: CreatorTab): CreatorCategory[] {
  const byCategory = new Map<string, CreatorCategory>();
  for (const d of descriptions) {
    const item = toNodeItem(d);
    if (!inTab(item, tab)) continue;
    const categories = d.codex?.categories?.length ? d.codex.categories : [OTHER_CATEGORY];
    for (const category of categories) {
      let cat = byCategory.get(category);
      if (!cat) byCategory.set(category, (cat = { type: 'category', key: `category:${category}`, category, nodes: [], subcategories: [] }));
      const subs = d.codex?.subcategories?.[category] ?? [];
      if (!subs.length) {
        cat.nodes.push(item);
        continue;
      }
      for (const subcategory of subs) {
        let sub = cat.subcategories.find((s) => s.subcategory === subcategory);
        if (!sub) cat.subcategories.push((sub = { type: 'subcategory', key: `subcategory:${category}/${subcategory}`, category, subcategory, nodes: [] }));
        sub.nodes.push(item);
      }
    }
  }
  const result = [...byCategory.values()].sort((a, b) => categoryOrder(a.category, b.category));
  for (const c of result) {
    c.nodes.sort((a, b) => a.displayName.localeCompare(b.displayName));
    c.subcategories.sort((a, b) => a.subcategory.localeCompare(b.subcategory));
    for (const s of c.subcategories) s.nodes.sort((a, b) => a.displayName.localeCompare(b.displayName));
  }
  return result;
}

function score(item: CreatorNodeItem, q: string): number {
  const name = item.displayName.toLowerCase();
  if (name === q) return 100;
  if (name.startsWith(q)) return 80;
  if (name.split(/[\s\-_()]+/).some((w) => w.startsWith(q))) return 60;
  if (name.includes(q)) return 50;
  if (item.alias.some((a) => a.toLowerCase().startsWith(q))) return 40;
  if (item.alias.some((a) => a.toLowerCase().includes(q))) return 30;
  if (item.description.toLowerCase().includes(q)) return 10;
  return 0;
}

/** The search field takes this many characters: a node's name is far shorter. */
export const CREATOR_SEARCH_MAX_LENGTH = 100;
/** 'No nodes match' repeats at most this much of the query. */
export const CREATOR_QUERY_ECHO_MAX = 40;

/** The query as 'No nodes match' quotes it: trimmed, cut with an ellipsis past CREATOR_QUERY_ECHO_MAX. */
export function echoQuery(query: string): string {
  const q = query.trim();
  return q.length > CREATOR_QUERY_ECHO_MAX ? `${q.slice(0, CREATOR_QUERY_ECHO_MAX - 1).trimEnd()}…` : q;
}

/** Nodes of the tab matching the query, best first. */
export function searchNodes(descriptions: INodeTypeDescription[], query: string, tab: CreatorTab): CreatorNodeItem[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return descriptions
    .map(toNodeItem)
    .filter((i) => inTab(i, tab))
    .map((item) => ({ item, s: score(item, q) }))
    .filter((x) => x.s > 0)
    .sort((a, b) => b.s - a.s || a.item.displayName.localeCompare(b.item.displayName))
    .map((x) => x.item);
}
