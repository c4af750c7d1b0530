import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProductOption } from '../entities/product-option.entity';
import { ProductOptionTranslation } from './product-option-translation.entity';

/** The translations of these options, by option id (each option's in creation order): one statement. */
export async function translationsOfOptions(em: EntityManager, options: readonly ProductOption[]): Promise<Map<number, ProductOptionTranslation[]>> {
  const byOption = new Map<number, ProductOptionTranslation[]>(options.map((option) => [option.id, []]));
  if (options.length === 0) return byOption;
  const rows = await em.find(ProductOptionTranslation, { option: { $in: options.map((option) => option.id) } }, { orderBy: { id: 'asc' } });
  for (const row of rows) byOption.get(row.option.id)?.push(row);
  return byOption;
}

/**
 * The name the option's own column keeps (products and variants show it): the en_US translation, else
 * the first locale's, else the code.
 */
export function optionName(code: string, names: ReadonlyMap<string, string>, locales: readonly string[]): string {
  const preferred = ['en_US', ...locales].find((locale) => names.has(locale));
  return preferred === undefined ? code : names.get(preferred)!;
}
