/** What the stock rule needs to know about a variant. */
export interface StockLevels {
  tracked: boolean;
  onHand: number;
  onHold: number;
}

/** An untracked variant is always available; a tracked one has what is on hand and not already held. */
export function hasStockFor(variant: StockLevels, quantity: number): boolean {
  return !variant.tracked || quantity <= variant.onHand - variant.onHold;
}
