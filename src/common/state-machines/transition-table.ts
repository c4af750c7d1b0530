/**
 * A state machine as plain data: each transition names the states it may start from and the state it
 * leads to. No guards and no side effects here; services decide what a transition sets off.
 */
export type TransitionTable<State extends string, Transition extends string> = Readonly<Record<Transition, { readonly from: readonly State[]; readonly to: State }>>;

/** The state after `transition`, or null when the table does not allow it from `state`. */
export function applyTransition<State extends string, Transition extends string>(
  table: TransitionTable<State, Transition>,
  state: string,
  transition: Transition,
): State | null {
  const { from, to } = table[transition];
  return (from as readonly string[]).includes(state) ? to : null;
}

/**
 * A transition one machine sets off in another: applied where the table allows it, otherwise the
 * state stays as it is (the reference skips such cascades silently).
 */
export function applyIfAllowed<State extends string, Transition extends string, Current extends string>(
  table: TransitionTable<State, Transition>,
  state: Current,
  transition: Transition,
): State | Current {
  return applyTransition(table, state, transition) ?? state;
}

/** A state resolved from related objects, and the transition that got it there (null when it did not move). */
export interface ResolvedState<Transition extends string> {
  state: string;
  applied: Transition | null;
}
