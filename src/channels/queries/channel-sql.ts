/** A channel row with every exposed field, as a JSON object (see ChannelJson). */
export const channelJson = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'code', ${alias}.code, 'name', ${alias}.name, 'description', ${alias}.description,
     'hostname', ${alias}.hostname, 'color', ${alias}.color, 'created_at', ${alias}.created_at, 'updated_at', ${alias}.updated_at,
     'enabled', ${alias}.enabled, 'tax_calculation_strategy', ${alias}.tax_calculation_strategy)`;

/** A channel as JSON built in SQL (timestamps as ISO strings) or from a loaded entity (Dates). */
export interface ChannelJson {
  id: number;
  code: string;
  name: string;
  description: string | null;
  hostname: string | null;
  color: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  enabled: boolean;
  tax_calculation_strategy: string;
}
