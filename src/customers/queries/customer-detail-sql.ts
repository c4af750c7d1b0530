/** A customer in the detailed form's fields, with its groups and account, as one JSON object (see CustomerDetailJson). */
export const customerDetailJson = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'email', ${alias}.email, 'email_canonical', ${alias}.email_canonical,
     'first_name', ${alias}.first_name, 'last_name', ${alias}.last_name, 'birthday', ${alias}.birthday, 'gender', ${alias}.gender,
     'groups', coalesce((select json_agg(json_build_object('id', cgg.id, 'code', cgg.code, 'name', cgg.name) order by cgg.id)
                           from customer_customer_group ccg join customer_group cgg on cgg.id = ccg.customer_group_id
                          where ccg.customer_id = ${alias}.id), '[]'::json),
     'user', (select json_build_object('id', su.id, 'username', su.username, 'username_canonical', su.username_canonical,
                                       'roles', su.roles, 'enabled', su.enabled)
                from shop_user su where su.customer_id = ${alias}.id))`;

export interface CustomerDetailJson {
  id: number;
  email: string;
  email_canonical: string;
  first_name: string | null;
  last_name: string | null;
  birthday: string | null;
  gender: string;
  groups: Array<{ id: number; code: string; name: string }>;
  user: { id: number; username: string; username_canonical: string; roles: string[]; enabled: boolean } | null;
}
