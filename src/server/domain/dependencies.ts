/**
 * The shape rules of `depends_on` (docs/api-maintenance.md, "Dependencies"), pure: an
 * organization's dependency graph may hold no cycle and no chain of more than `MAX_LEVELS` parents
 * above any object. An object is a node named `cron_monitor:<id>` or `service:<id>`.
 */
export type NodeRef = { type: "cron_monitor" | "service"; id: number };

/** One edge: `child` depends on `parent`. */
export type DependencyEdge = { child: NodeRef; parent: NodeRef };

/** The longest chain of parents an object may have above it (levels of `depends_on`). */
export const MAX_LEVELS = 5;

export type GraphProblem = { kind: "cycle"; path: NodeRef[] } | { kind: "too_deep"; path: NodeRef[] };

const key = (n: NodeRef) => `${n.type}:${n.id}`;

/** How a node reads in an error message ("cron monitor 3", "service 7"). */
export const nodeText = (n: NodeRef) => `${n.type === "cron_monitor" ? "cron monitor" : "service"} ${n.id}`;

/**
 * The graph after `object`'s parents become `parents` (its other edges as they are): the first
 * cycle found through the object, else the first chain longer than `MAX_LEVELS`, else null.
 */
export function checkDependencies(edges: DependencyEdge[], object: NodeRef, parents: NodeRef[]): GraphProblem | null {
  const objectKey = key(object);
  const up = new Map<string, NodeRef[]>();
  const add = (child: NodeRef, parent: NodeRef) => {
    const list = up.get(key(child)) ?? [];
    list.push(parent);
    up.set(key(child), list);
  };
  for (const e of edges) if (key(e.child) !== objectKey) add(e.child, e.parent);
  for (const p of parents) add(object, p);

  const cycle = cycleFrom(object, up);
  if (cycle) return { kind: "cycle", path: cycle };
  const chain = longestChainThrough(object, up, edges, parents);
  return chain.length - 1 > MAX_LEVELS ? { kind: "too_deep", path: chain } : null;
}

/** A path object -> ... -> object along parents, if there is one (depth-first). */
function cycleFrom(object: NodeRef, up: Map<string, NodeRef[]>): NodeRef[] | null {
  const seen = new Set<string>();
  const walk = (node: NodeRef, path: NodeRef[]): NodeRef[] | null => {
    for (const parent of up.get(key(node)) ?? []) {
      if (key(parent) === key(object)) return [...path, parent];
      if (seen.has(key(parent))) continue;
      seen.add(key(parent));
      const found = walk(parent, [...path, parent]);
      if (found) return found;
    }
    return null;
  };
  return walk(object, [object]);
}

/**
 * The longest chain (child first) through the object: its longest chain of descendants below it,
 * then the object, then its longest chain of ancestors. The graph has no cycle here.
 */
function longestChainThrough(
  object: NodeRef,
  up: Map<string, NodeRef[]>,
  edges: DependencyEdge[],
  parents: NodeRef[],
): NodeRef[] {
  const down = new Map<string, NodeRef[]>();
  for (const e of [
    ...edges.filter((e) => key(e.child) !== key(object)),
    ...parents.map((p) => ({ child: object, parent: p })),
  ]) {
    const list = down.get(key(e.parent)) ?? [];
    list.push(e.child);
    down.set(key(e.parent), list);
  }
  const longest = (node: NodeRef, next: Map<string, NodeRef[]>, memo: Map<string, NodeRef[]>): NodeRef[] => {
    const known = memo.get(key(node));
    if (known) return known;
    let best: NodeRef[] = [node];
    for (const n of next.get(key(node)) ?? []) {
      const chain = [node, ...longest(n, next, memo)];
      if (chain.length > best.length) best = chain;
    }
    memo.set(key(node), best);
    return best;
  };
  const above = longest(object, up, new Map()); // object, parent, grandparent...
  const below = longest(object, down, new Map()); // object, child, grandchild...
  return [...below.slice(1).reverse(), ...above];
}

/** The 400 message of a problem, naming the cycle or the chain. */
export function problemText(problem: GraphProblem): string {
  const path = problem.path.map(nodeText).join(" -> ");
  return problem.kind === "cycle"
    ? `depends_on would make a cycle: ${path}`
    : `depends_on would make a chain of more than ${MAX_LEVELS} levels: ${path}`;
}
