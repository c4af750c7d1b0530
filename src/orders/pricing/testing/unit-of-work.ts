import type { EntityManager } from '@mikro-orm/postgresql';

/*
 * What a command would write, read off the unit of work without flushing: stored entities removed land
 * in the remove stack (or, taken out of a collection that removes its orphans, in the orphan stack); new
 * ones in the persist stack, without the snapshot a stored entity has (a new one removed again leaves it).
 */

export const isRemovedBy = (em: EntityManager, entity: object): boolean => {
  const unitOfWork = em.getUnitOfWork();
  return unitOfWork.getRemoveStack().has(entity) || unitOfWork.getOrphanRemoveStack().has(entity);
};

export const createdBy = <T extends object>(em: EntityManager, entity: new () => T): T[] => {
  const unitOfWork = em.getUnitOfWork();
  return [...unitOfWork.getPersistStack()].filter(
    (candidate): candidate is T => candidate instanceof entity && unitOfWork.getOriginalEntityData(candidate) === undefined && !isRemovedBy(em, candidate),
  );
};
