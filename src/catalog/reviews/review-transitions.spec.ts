import { applyTransition } from '../../common/state-machines/transition-table';
import { REVIEW_STATUSES, REVIEW_TRANSITIONS, type ReviewStatus, type ReviewTransition } from './review-transitions';

/** Where each transition is allowed; from every other status it is refused. */
const ALLOWED: Record<ReviewTransition, [from: ReviewStatus[], to: ReviewStatus]> = {
  accept: [['new'], 'accepted'],
  reject: [['new'], 'rejected'],
};

describe('review state machine', () => {
  const cases = (Object.keys(ALLOWED) as ReviewTransition[]).flatMap((transition) =>
    REVIEW_STATUSES.map((status) => {
      const [from, to] = ALLOWED[transition];
      return [transition, status, from.includes(status) ? to : null] as const;
    }),
  );

  it.each(cases)('%s from %s leads to %s', (transition, status, expected) => {
    expect(applyTransition(REVIEW_TRANSITIONS, status, transition)).toBe(expected);
  });

  it('knows no other transitions', () => {
    expect(Object.keys(REVIEW_TRANSITIONS).sort()).toEqual(['accept', 'reject']);
  });
});
