/** A node of a plan as `explain (format json)` describes it (the fields read here). */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

/**
 * The top node of an `explain (format json)` answer. The one cell holds the JSON as text or
 * already parsed, depending on the driver (pg or PGlite).
 */
export function topPlanNode(answer: unknown): PlanNode | undefined {
  const { rows } = answer as { rows: Record<string, unknown>[] };
  const cell = Object.values(rows[0] ?? {})[0];
  if (cell === undefined) return undefined;
  const [explained] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  return explained?.Plan;
}
