import type { TransitionTable } from '../../common/state-machines/transition-table';

/** A review is moderated once: accepted or rejected, never back. */
export type ReviewStatus = 'new' | 'accepted' | 'rejected';
export type ReviewTransition = 'accept' | 'reject';

export const REVIEW_STATUSES: readonly ReviewStatus[] = ['new', 'accepted', 'rejected'];

export const REVIEW_TRANSITIONS: TransitionTable<ReviewStatus, ReviewTransition> = {
  accept: { from: ['new'], to: 'accepted' },
  reject: { from: ['new'], to: 'rejected' },
};
