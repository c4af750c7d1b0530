import type { EntityManager } from '@mikro-orm/postgresql';

/*
 * What a command would write, read off the unit of work without flushing: stored entities removed
 * land in the remove stack, new ones in the persist stack (a new one removed again leaves it).
 */

export const isRemovedBy = (em: EntityManager, entity: object): boolean => em.getUnitOfWork().getRemoveStack().has(entity);

export const createdBy = <T extends object>(em: EntityManager, entity: new () => T): T[] =>
  [...em.getUnitOfWork().getPersistStack()].filter((candidate): candidate is T => candidate instanceof entity);
