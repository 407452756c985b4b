/** The outcome of one filter clause for one tool. */
export interface ClauseCheck {
  /** Clause kind: `namespace`, `tagsAny`, `tagsAll`, `tagsNone`, `category`, `source`, `capabilities`, `annotations`, `where`, `base`, `include`, `exclude`. */
  clause: string;
  passed: boolean;
  detail: string;
}

/** Why a tool is in or out of a toolset. Composed sets nest the explanations of their operands. */
export interface Explanation {
  toolset: string;
  toolId: string;
  included: boolean;
  /** One sentence naming the deciding rule. */
  reason: string;
  /** Per-clause outcomes (builder sets). */
  checks: readonly ClauseCheck[];
  /** Explanations of the operands (composed and extended sets). */
  operands: readonly Explanation[];
}
