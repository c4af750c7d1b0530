import type { EntityClass } from '@mikro-orm/core';

/**
 * MikroORM takes a relation's target as its class. Where that class belongs to a module that already
 * imports this one (the two sides of a relation across modules), importing it would tie the two modules
 * in a loop; such a relation names its target here instead, and the entity list registers every class
 * (src/database/entities.ts) before MikroORM's discovery asks for one.
 */
const registered = new Map<string, EntityClass<object>>();

export function registerEntityClasses(classes: readonly EntityClass<object>[]): void {
  for (const entityClass of classes) registered.set(entityClass.name, entityClass);
}

/** The target of a relation, by its class name, for `@ManyToOne({ entity: entityNamed<Order>('Order') })`. */
export function entityNamed<T extends object>(className: string): () => EntityClass<T> {
  return () => {
    const entityClass = registered.get(className);
    if (entityClass === undefined) throw new Error(`The entity class ${className} is not in the entity list`);
    return entityClass;
  };
}
